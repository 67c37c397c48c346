import { z } from "zod";

/** A positive integer id taken from a path parameter ("12" → 12). */
export const idParam = z.object({
  id: z.coerce
    .number({ error: "id must be a number" })
    .int("id must be a whole number")
    .positive("id must be positive")
    .max(2_147_483_647, "id is too large"),
});
export type IdParam = z.infer<typeof idParam>;

/** A calendar day "yyyy-MM-dd". */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31");

/** An instant: full ISO timestamp or a calendar date. */
export const isoDateTime = z.iso.datetime({ offset: true, message: "Use an ISO 8601 date and time" });

export const emailAddress = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .max(254, "Email address is too long")
  .pipe(z.email("Please enter a valid email address"));

/** An optional email address: "", null or absent all mean none (→ null). */
export const optionalEmailAddress = z
  .union([z.literal(""), z.null(), emailAddress])
  .optional()
  .transform((value) => (value ? value : null));
