import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Security headers on every response. The built app loads only its own scripts, so
 * script-src is 'self'; Radix positions popovers with inline style attributes, hence
 * 'unsafe-inline' for styles only. No framing, no MIME sniffing.
 *
 * helmet's middleware is built once here and run on the raw response; @fastify/helmet
 * rebuilds it (re-parsing the policy) on every request, which cost a measurable share of
 * an authenticated request's time.
 */
export function registerSecurityHeaders(app: FastifyInstance, extra: { scriptSrc?: string[]; frameSrc?: string[]; connectSrc?: string[] } = {}): void {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(extra.scriptSrc ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(extra.connectSrc ?? [])],
        frameSrc: ["'self'", ...(extra.frameSrc ?? [])],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    frameguard: { action: "deny" },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
