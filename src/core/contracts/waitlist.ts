import { z } from "zod";
import { text } from "./common.js";
import { count, id, instant } from "./response-fields.js";

/** Company sizes a visitor can pick, in the order the form and the chart show them. */
export const COMPANY_SIZES = ["1", "2-5", "6-20", "21-50", "51-100", "100+"] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** Word for word as the product specifies it: each message is a toast title plus its description. */
export const WAITLIST_MESSAGES = {
  emailRequired: { title: "Email Required", description: "Please enter your email address." },
  emailInvalid: { title: "Invalid Email", description: "Please enter a valid email address" },
  confirmationRequired: {
    title: "Waitlist Confirmation Required",
    description: "Please confirm you wish to join the waitlist.",
  },
  joined: { title: "Welcome to the Waitlist!", description: "You're on the list. We'll email you as soon as Minutely opens." },
  failed: { title: "Submission Failed", description: "Please try again or contact support." },
} as const;

/** Entries per page on the dashboard; the most a caller may ask for. */
export const WAITLIST_PAGE_SIZE = 50;
export const WAITLIST_MAX_PAGE_SIZE = 100;
/** Recent signups cover this many days; the dashboard lists this many companies. */
export const WAITLIST_RECENT_DAYS = 7;
export const WAITLIST_TOP_COMPANIES = 8;

const { emailRequired, emailInvalid, confirmationRequired } = WAITLIST_MESSAGES;

/**
 * `POST /api/waitlist` and the public form. The email is trimmed and lowercased so the same person
 * cannot join twice under two spellings; "" for company or size means "not given".
 */
export const joinWaitlistRequest = z.object({
  email: text({ error: emailRequired.description })
    .trim()
    .min(1, emailRequired.description)
    .toLowerCase()
    .max(254, "Email address is too long")
    .pipe(z.email(emailInvalid.description)),
  company: text({ error: "Company must be text" })
    .trim()
    .max(200, "Company must be at most 200 characters")
    .nullable()
    .optional(),
  companySize: z
    .union([z.enum(COMPANY_SIZES), z.literal("")], { error: `Company size must be one of ${COMPANY_SIZES.join(", ")}` })
    .nullable()
    .optional(),
  // The form sends the checkbox as a boolean; older clients sent the string "true".
  joinWaitlist: z
    .union([z.boolean(), z.enum(["true", "false"])], { error: confirmationRequired.description })
    .refine((value) => value === true || value === "true", confirmationRequired.description),
});
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequest>;
export type JoinWaitlistForm = z.input<typeof joinWaitlistRequest>;

/** The same answer whether the address was new or already listed: nobody can learn who else joined. */
export const joinWaitlistResponse = z.object({ success: z.literal(true), message: text() });
export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponse>;

/** `GET /api/waitlist/entries?page=&limit=`. */
export const waitlistEntriesQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page must be 1 or more")
    .max(1_000_000, "page is too large")
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .max(WAITLIST_MAX_PAGE_SIZE, `limit must be at most ${WAITLIST_MAX_PAGE_SIZE}`)
    .default(WAITLIST_PAGE_SIZE),
});
export type WaitlistEntriesQuery = z.infer<typeof waitlistEntriesQuery>;

export const waitlistEntry = z.object({
  id,
  email: text(),
  company: text().nullable(),
  companySize: text().nullable(),
  joinWaitlist: text(),
  createdAt: instant,
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

export const pagination = z.object({ page: count, limit: count, total: count, totalPages: count });
export type Pagination = z.infer<typeof pagination>;

export const waitlistEntriesPage = z.object({ entries: z.array(waitlistEntry), pagination });
export type WaitlistEntriesPage = z.infer<typeof waitlistEntriesPage>;

export const waitlistStats = z.object({
  totalSignups: count,
  recentSignups: count.describe("Signups in the last 7 days"),
  withCompanies: count,
  byCompanySize: z.array(z.object({ size: text(), count })).describe("Every company size in order, zero counts included"),
  topCompanies: z.array(z.object({ company: text(), count })).describe("The 8 companies with the most signups, most first"),
});
export type WaitlistStats = z.infer<typeof waitlistStats>;

/** The export's file name for a calendar day ("2026-11-23" → waitlist-2026-11-23.csv). */
export function waitlistExportFileName(day: string): string {
  return `waitlist-${day}.csv`;
}
