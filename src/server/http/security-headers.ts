import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { isApiRequest } from "./api-url.js";

/**
 * Security headers on every response, in two sets.
 *
 * Documents and assets (the web app): helmet's set with the app's Content-Security-Policy. The built
 * app loads only its own scripts, so script-src is 'self'; Radix positions popovers with inline style
 * attributes, hence 'unsafe-inline' for styles only. No framing, no MIME sniffing.
 *
 * API responses (/api): the set OWASP's REST Security Cheat Sheet names for responses that are not
 * HTML: nothing may load from or frame a JSON answer (`default-src 'none'; frame-ancestors 'none'`,
 * X-Frame-Options DENY), no MIME sniffing, no caching of account data (`no-store`), and no
 * cross-origin reads (Cross-Origin-Resource-Policy). The browser-feature headers helmet adds for
 * documents (referrer, DNS prefetch, origin agent cluster …) do nothing on JSON and cost every API
 * call a third of its headers, which on this hot path is measurable (docs/performance.md).
 *
 * helmet decides the document headers; with a fixed policy they are the same for every request, so
 * they are taken from it once and set on each reply in one call. (@fastify/helmet rebuilds the
 * middleware on every request, and running the middleware per request sets twelve headers one
 * by one on the raw response: both cost a measurable share of an authenticated request.)
 *
 * Which set is decided by the route the router matched (`isApiRequest`), so an encoded path such as
 * `/%61pi/…` gets the API set like the route it runs.
 *
 * HSTS: every answer served over https (TLS on the socket, or `X-Forwarded-Proto: https` from a proxy
 * TRUST_PROXY trusts, which `request.protocol` checks) tells the browser to use https only for a year,
 * subdomains included, so a network attacker cannot downgrade a later visit to plain http. Never on
 * plain http: there it proves nothing and browsers ignore it.
 *
 * The same hook sends the request id (docs/decisions.md D14), so a user's report can be matched to the logs.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  extra: { scriptSrc?: string[]; frameSrc?: string[]; connectSrc?: string[] } = stripeJsSources(app),
): void {
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
  const documentHeaders = headersSetBy(applyHeaders);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiRequest(request) ? API_HEADERS : documentHeaders);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    reply.header("x-request-id", request.id);
    done();
  });
}

/**
 * Stripe.js and its Payment Element (Stripe's documented CSP: the script and its frames from
 * js.stripe.com, 3-D Secure pages from hooks.stripe.com, calls to api.stripe.com), allowed only
 * when this deployment takes card payments (STRIPE_PUBLISHABLE_KEY set); otherwise the policy stays
 * 'self' only.
 */
function stripeJsSources(app: FastifyInstance): { scriptSrc?: string[]; frameSrc?: string[]; connectSrc?: string[] } {
  if (!app.hasDecorator("config") || !app.config.stripe?.publishableKey) return {};
  return {
    scriptSrc: ["https://js.stripe.com", "https://*.js.stripe.com"],
    frameSrc: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
    connectSrc: ["https://api.stripe.com"],
  };
}

/** One year, subdomains included (OWASP's HTTP Strict Transport Security Cheat Sheet). */
export const HSTS = "max-age=31536000; includeSubDomains";

/** What every /api response carries (see above). A route that may be cached sets its own cache-control. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

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
