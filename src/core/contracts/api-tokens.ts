import { z } from "zod";
import { ROLES } from "../permissions.js";
import { text } from "./common.js";
import { id, instant } from "./response-fields.js";

/** Every token starts with this, so people, logs scanners and secret scanners recognise one (docs/api.md). */
export const API_TOKEN_PREFIX = "mtly_";
/** The longest life a token may have: a leaked token must die on its own within a year. */
export const API_TOKEN_MAX_DAYS = 365;
/** The lives Settings → API offers. */
export const API_TOKEN_LIFETIMES = [30, 90, 365] as const;

/** Settings → API's form and POST /api/api-tokens: one schema for both. */
export const createApiTokenRequest = z.strictObject({
  name: text({ error: "Give the token a name" })
    .trim()
    .min(1, { error: "Give the token a name" })
    .max(100, { error: "A token's name is at most 100 characters" }),
  role: z.enum(ROLES, { error: "Choose a role: owner, admin, member or billing" }),
  expiresInDays: z
    .number({ error: `Choose when the token expires: 1 to ${API_TOKEN_MAX_DAYS} days` })
    .int({ error: `Choose when the token expires: 1 to ${API_TOKEN_MAX_DAYS} days` })
    .min(1, { error: `Choose when the token expires: 1 to ${API_TOKEN_MAX_DAYS} days` })
    .max(API_TOKEN_MAX_DAYS, { error: `A token lives at most ${API_TOKEN_MAX_DAYS} days` }),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequest>;

export const apiToken = z.object({
  id,
  name: text(),
  role: z.enum(ROLES),
  createdAt: instant,
  expiresAt: instant,
  /** Written at most every few minutes (server/auth/api-token-auth.ts), so it may lag a little. */
  lastUsedAt: instant.nullable(),
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof apiToken>;

export const apiTokensResponse = z.object({ tokens: z.array(apiToken) });
export type ApiTokensResponse = z.infer<typeof apiTokensResponse>;

/** A token just made: the secret itself is in this answer and nowhere else, ever. */
export const apiTokenCreatedResponse = z.object({ token: apiToken, secret: text() });
export type ApiTokenCreatedResponse = z.infer<typeof apiTokenCreatedResponse>;

/** Settings → API's form: the expiry picked from API_TOKEN_LIFETIMES (a select gives text); toCreateApiTokenRequest makes the body. */
export const apiTokenForm = createApiTokenRequest.extend({
  expiresInDays: z.enum(["30", "90", "365"], { error: "Choose when the token expires" }),
});
export type ApiTokenForm = z.infer<typeof apiTokenForm>;

export function toCreateApiTokenRequest(form: ApiTokenForm): CreateApiTokenRequest {
  return { ...form, expiresInDays: Number(form.expiresInDays) };
}
