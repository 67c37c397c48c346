import type { FastifyInstance } from "fastify";

/** Largest webhook body accepted: providers' events are a few kilobytes. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Inside an encapsulated plugin (a webhook's routes), JSON and form bodies arrive as the raw string
 * the provider signed: signatures are computed over exact bytes, so nothing may parse and re-serialise
 * them first. The handler verifies, then parses. Other plugins keep the app's parsers.
 */
export function registerRawBodyParsers(scope: FastifyInstance): void {
  // The limit on the route too, so a refusal can name it (http/error-handler.ts reads routeOptions.bodyLimit).
  scope.addHook("onRoute", (route) => {
    route.bodyLimit ??= WEBHOOK_BODY_LIMIT;
  });
  scope.removeContentTypeParser(["application/json", "application/x-www-form-urlencoded"]);
  scope.addContentTypeParser(
    ["application/json", "application/x-www-form-urlencoded"],
    { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
}

/** The raw body a webhook route received ("" when there was none). */
export function rawBodyOf(body: unknown): string {
  return typeof body === "string" ? body : "";
}
