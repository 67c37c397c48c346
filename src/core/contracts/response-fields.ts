import { z } from "zod";
import { text } from "./common.js";

/**
 * The building blocks of every answer's schema (docs/decisions.md, One rule in one place). Answers are described by zod like
 * requests: the server serialises with them (Fastify response schemas, src/server/http/route-schema.ts),
 * GET /api/openapi.json publishes them, the API tests check every answer against them, and the web
 * app's types are their `z.infer`. Strings are `text()` so the contract walk (text-fields.test.ts) holds
 * for answers too.
 */

/** Money as a decimal string with two places: "150.00". */
export const money = text()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('An amount as a decimal string with two places, e.g. "150.00"');
/**
 * A rate or amount in an answer every role shares: absent for a role that does not see rates (issue 26 §2,
 * core/work-visibility.ts RATE_FIELDS names every such field; the server drops them in one hook).
 */
export function rateField<T extends z.ZodType>(schema: T) {
  return schema.optional().describe("Absent when the session's role does not see rates and amounts");
}
/** An instant as the API writes it (toISOString: UTC, milliseconds, Z). */
export const instant = z.iso.datetime().describe("An instant in ISO 8601, UTC");
/** A calendar day "yyyy-MM-dd". */
export const day = z.iso.date();
/** A row id. */
export const id = z.number().int().positive();
/** A count or a number of whole seconds / minutes. */
export const count = z.number().int().nonnegative();

/** The body of every error answer (src/server/http/error-handler.ts). */
export const errorBody = z.object({
  error: text().describe("A stable code a caller can branch on, e.g. validation_error, not_found"),
  message: text().describe("A sentence for people"),
  requestId: text().optional().describe("Quote it when reporting a problem; also in the x-request-id header"),
  issues: z
    .array(z.object({ path: text(), message: text() }))
    .optional()
    .describe("Every validation issue, for validation_error"),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** `{ success: true, message }`: writes whose answer is a sentence. */
export const successMessage = z.object({ success: z.literal(true), message: text() });
export type SuccessMessage = z.infer<typeof successMessage>;
