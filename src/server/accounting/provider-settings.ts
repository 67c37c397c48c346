import { z } from "zod";
import { AccountingRejected } from "./accounting-errors.js";

/**
 * Each accounting provider's settings as a typed, checked shape (issue 24 §1; docs/accounting.md
 * "Settings and secrets"): the provider file declares a zod schema for its public config (what the
 * user typed, what the provider told us at connect, what was chosen from the books) and one for its
 * secret (the form's secret fields; `tokens` stay with the token store), and the session is built from
 * the row through them. A stored row that does not fit is a sentence the card shows, never a crash or a
 * setting silently left out.
 */

/** One public setting as stored: text (a number written by hand reads as its text, as it always did). */
export const storedSetting = () => z.union([z.string(), z.number().transform(String)]).optional();

/** One stored secret: text. */
export const storedSecret = () => z.string().optional();

/** A provider's two schemas; `Config` and `Secrets` are what its session carries. */
export type ProviderSettings<Config, Secrets> = {
  config: z.ZodType<Config, unknown>;
  secret: z.ZodType<Secrets, unknown>;
};

/** The schemas of a provider from its fields' shapes; unknown keys in a stored row are left out of the session. */
export function providerSettings<C extends z.ZodRawShape, S extends z.ZodRawShape>(shapes: { config: C; secret: S }) {
  return { config: z.object(shapes.config), secret: z.object(shapes.secret) };
}

/**
 * The stored `value` read through `schema`. A value that does not fit (a setting that is not text, a
 * secret that is not text) is refused with what is wrong and what to do: AccountingRejected, so a sync
 * records it as the card's message and does not retry what cannot change by itself.
 */
export function readStoredSettings<T>(
  providerName: string,
  schema: z.ZodType<T, unknown>,
  value: unknown,
  what: "settings" | "secret",
): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join(".") || what;
  // Never the stored value: a secret's would end up in a message.
  throw new AccountingRejected(
    `The stored ${providerName} ${what} cannot be read (${field} is not text): save ${providerName}'s settings again in Settings → Financial.`,
  );
}
