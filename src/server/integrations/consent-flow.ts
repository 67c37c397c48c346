import type { FastifyReply, FastifyRequest } from "fastify";
import { ConsentFailed, OAUTH_STATE_TTL_SECONDS } from "./oauth-state.js";

/**
 * The browser half of every OAuth consent (issue 24 §1 "OAuth"; mailbox sign-in, Google Meet,
 * accounting), written once beside the state signer (oauth-state.ts):
 * - start: the signed state's nonce goes into the consent's cookie (httpOnly, lax so it comes back on
 *   the provider's top-level redirect, sent only to the consent's own routes, alive as long as the state);
 * - callback: the nonce is taken and the cookie cleared at once, whatever the outcome (a state is
 *   good for one try), then the provider's answer is read: a refusal or a missing code is a
 *   ConsentFailed with a fixed reason; only a code and a state go on to be spent (spendOAuthState).
 * Each consent keeps its own cookie name and path (its routes), nothing else.
 */
export type ConsentCookie = { name: string; path: string };

function cookieOptions(request: FastifyRequest, cookie: ConsentCookie) {
  return { path: cookie.path, httpOnly: true, sameSite: "lax" as const, secure: request.protocol === "https" };
}

/** Start of a consent: binds its state to this browser. */
export function rememberConsentNonce(request: FastifyRequest, reply: FastifyReply, cookie: ConsentCookie, nonce: string): void {
  reply.setCookie(cookie.name, nonce, { ...cookieOptions(request, cookie), maxAge: OAUTH_STATE_TTL_SECONDS });
}

/** Callback: the nonce this browser brought back (or undefined), its cookie cleared in the same answer. */
export function takeConsentNonce(request: FastifyRequest, reply: FastifyReply, cookie: ConsentCookie): string | undefined {
  const nonce = request.cookies[cookie.name];
  reply.clearCookie(cookie.name, cookieOptions(request, cookie));
  return nonce;
}

/** The provider's answer on the callback URL (RFC 6749 §4.1.2 and §4.1.2.1). */
export type ConsentAnswer = { code?: string; state?: string; error?: string; error_description?: string };

/** Each consent's words for a refusal and for an answer without a code (they go to logs and stored errors, never the address). */
export type ConsentWords = { denied: (error: string, description: string | undefined) => string; noCode: string };

/** The code and state of a granted consent; a refusal ("denied") or an answer without both ("no_code") throws ConsentFailed. */
export function grantedConsent(answer: ConsentAnswer, words: ConsentWords): { code: string; state: string } {
  if (answer.error) throw new ConsentFailed("denied", words.denied(answer.error, answer.error_description || undefined));
  if (!answer.code || !answer.state) throw new ConsentFailed("no_code", words.noCode);
  return { code: answer.code, state: answer.state };
}
