import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Security headers on every response. The built app loads only its own scripts, so
 * script-src is 'self'; Radix positions popovers with inline style attributes, hence
 * 'unsafe-inline' for styles only. No framing, no MIME sniffing.
 *
 * helmet decides the headers; with a fixed policy they are the same for every request, so
 * they are taken from it once and set on each reply in one call. (@fastify/helmet rebuilds the
 * middleware on every request, and running the middleware per request sets twelve headers one
 * by one on the raw response: both cost a measurable share of an authenticated request.)
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
  const headers = headersSetBy(applyHeaders);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

type HelmetMiddleware = ReturnType<typeof helmet>;

/** The headers helmet sets, read by running it once against a recording response. */
function headersSetBy(middleware: HelmetMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
