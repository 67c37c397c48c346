import { z } from "zod";
import { idText, text } from "./common.js";
import { count, id } from "./response-fields.js";

/**
 * Clients that match captured calls: the contact check behind the client form, and
 * the CSV import (name, email, phone, company, rate) with its preview. docs/first-run.md.
 */

/** Why the form asks for email and phone. */
export const MATCHING_HINT = "Used to match captured calls";

/** GET /api/clients/contact-check?email=&phone=&excludeId= */
export const contactCheckQuery = z
  .object({
    email: text({ error: "email must be text" }).max(254, "Email address is too long").optional(),
    phone: text({ error: "phone must be text" }).max(50, "Phone must be at most 50 characters").optional(),
    excludeId: idText("excludeId", "excludeId must be a client id").optional(),
  })
  .strict();
export type ContactCheckQuery = z.infer<typeof contactCheckQuery>;

export const duplicateContactJson = z.object({
  field: z.enum(["email", "phone"]),
  clientId: id,
  clientName: text(),
});
export type DuplicateContactJson = z.infer<typeof duplicateContactJson>;

export const contactCheckJson = z.object({
  phone: z.object({
    /** The number as captured calls are compared (E.164), or null when it cannot be read. */
    e164: text().nullable(),
    /** Why it cannot be read, naming the account's country; null when fine or empty. */
    problem: text().nullable(),
  }),
  /** Other clients with the same email or number: a call could match either. */
  duplicates: z.array(duplicateContactJson),
  /** A sentence for the form, or null. */
  warning: text().nullable(),
});
export type ContactCheckJson = z.infer<typeof contactCheckJson>;

/** At most this many rows in one import (a practice's client list; bigger lists import in parts). */
export const MAX_IMPORT_ROWS = 2000;
/** The columns read, with the header spellings accepted (case and spaces ignored). */
export const IMPORT_COLUMNS = {
  name: ["name", "client", "client name", "full name"],
  email: ["email", "e-mail", "email address"],
  phone: ["phone", "phone number", "telephone", "mobile"],
  company: ["company", "organisation", "organization", "firm"],
  rate: ["rate", "billing rate", "hourly rate"],
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;

/** POST /api/clients/import/preview and POST /api/clients/import. */
export const clientImportRequest = z
  .object({
    csv: text({ error: "Choose a CSV file to import" })
      .max(1_000_000, "The file is larger than 1 MB: split it into smaller files")
      .refine((value) => value.trim() !== "", "The file is empty"),
  })
  .strict();
export type ClientImportRequest = z.infer<typeof clientImportRequest>;

export const importRowJson = z.object({
  /** The line in the file (the header is line 1). */
  line: count,
  name: text(),
  email: text().nullable(),
  phone: text().nullable(),
  company: text().nullable(),
  rate: text().nullable(),
  errors: z.array(text()),
  warnings: z.array(text()),
});
export type ImportRowJson = z.infer<typeof importRowJson>;

export const clientImportPreviewJson = z.object({
  rows: z.array(importRowJson),
  valid: count,
  invalid: count,
  /** Header cells that are not one of the columns read: left out. */
  ignoredColumns: z.array(text()),
});
export type ClientImportPreviewJson = z.infer<typeof clientImportPreviewJson>;

export const clientImportResultJson = z.object({ imported: count, message: text() });
export type ClientImportResultJson = z.infer<typeof clientImportResultJson>;

export const IMPORT_HAS_ERRORS = (invalid: number) =>
  `${invalid} ${invalid === 1 ? "row has" : "rows have"} errors: nothing was imported. Fix ${invalid === 1 ? "it" : "them"} and import again.`;
export const IMPORT_NO_NAME_COLUMN =
  "The first line must name the columns, with at least a name column (name, email, phone, company, rate)";
export const IMPORT_NO_ROWS = "The file has a header but no clients";
export const IMPORT_TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS} clients: split it into smaller files`;
export const importedMessage = (n: number) => `${n} ${n === 1 ? "client" : "clients"} imported`;

/** The warning a duplicate raises, on the form and in the import's preview. */
export function duplicateWarning(duplicates: readonly { field: "email" | "phone"; clientName: string }[]): string | null {
  if (duplicates.length === 0) return null;
  const parts = duplicates.map((d) => `${d.field === "email" ? "this email" : "this number"} is also ${d.clientName}'s`);
  return `Careful: ${[...new Set(parts)].join(", and ")}. A captured call could match either client.`;
}

/** The problem of a phone number that cannot be read in the account's country. */
export function unreadablePhoneMessage(countryName: string): string {
  return `Not a phone number Minutely can read in ${countryName}: check it, or start with + and the country code (e.g. +44 20 7946 0958)`;
}
