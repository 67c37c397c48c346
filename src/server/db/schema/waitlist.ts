import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, instant } from "./columns.js";

/** Public waitlist sign-ups: other people's personal data, visible only to administrators (docs/decisions.md D11). */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: id(),
    email: text().notNull(),
    company: text(),
    companySize: text("company_size"),
    joinWaitlist: text("join_waitlist").notNull().default("true"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("waitlist_email_key").on(t.email), index("waitlist_created_idx").on(t.createdAt)],
);
