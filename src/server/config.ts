import path from "node:path";
import { z } from "zod";
import type { AccountingProviderId } from "../core/accounting/providers.js";
import type { ProviderEndpoints } from "./accounting/provider.js";
import type { PgliteLease } from "./db/client.js";
import type { ProviderRateLimit } from "./accounting/sync/rate-limits.js";
import type { JobsOptions } from "./jobs/queue-options.js";
import type { HttpTimeouts } from "./http/http-timeouts.js";
import type { LogDestination } from "./http/logger.js";
import type { RateLimitRule } from "./http/rate-limit.js";
import { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.js";

/**
 * Every setting comes from the environment, read once here. README.md lists each variable
 * with its default; this is the single place that decides them.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  SECRETS_KEY: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  ADMIN_EMAILS: z.string().default(""),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default("Minutely <invoices@minutely.local>"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().optional(),
  STRIPE_PRICE_INDIVIDUAL_MONTHLY: z.string().optional(),
  STRIPE_PRICE_INDIVIDUAL_ANNUAL: z.string().optional(),
  STRIPE_PRICE_TEAM_MONTHLY: z.string().optional(),
  STRIPE_PRICE_TEAM_ANNUAL: z.string().optional(),
  /** Free days before Stripe's first charge (the plans' 14-day trial); 0 charges the card at sign-up. */
  STRIPE_TRIAL_DAYS: z.coerce.number().int().min(0).max(730).default(14),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_AUTHORITY_HOST: z.string().url().default("https://login.microsoftonline.com"),
  MICROSOFT_GRAPH_BASE: z.string().url().default("https://graph.microsoft.com"),
  OAUTH_TOKEN_URL_OVERRIDE: z.string().optional(),
  ZOOM_OAUTH_BASE: z.string().url().default("https://zoom.us"),
  ZOOM_API_BASE: z.string().url().default("https://api.zoom.us/v2"),
  TWILIO_API_BASE: z.string().url().optional(),
  SIGNALWIRE_API_BASE: z.string().url().optional(),
  GOOGLE_OAUTH_BASE: z.string().url().optional(),
  GOOGLE_API_BASE: z.string().url().optional(),
  QUICKBOOKS_BASE_URL: z.string().url().optional(),
  QUICKBOOKS_ENVIRONMENT: z.enum(["production", "sandbox"]).default("production"),
  XERO_BASE_URL: z.string().url().optional(),
  FRESHBOOKS_BASE_URL: z.string().url().optional(),
  WAVE_BASE_URL: z.string().url().optional(),
  SAGE_BASE_URL: z.string().url().optional(),
  NETSUITE_BASE_URL: z.string().url().optional(),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((text, context) => {
      const parsed = parseTrustProxy(text);
      if ("value" in parsed) return parsed.value;
      context.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
  WEB_DIST_DIR: z.string().optional(),
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** bench/audit-writes.mjs only (the trail's "off" side): the app stops telling the audit triggers who acts. */
  BENCH_AUDIT_ACTOR: z.enum(["on", "off"]).default("on"),
  ALLOW_PRIVATE_MAIL_HOSTS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Who may see this computer's platform detection and track meetings on it (capture/desktop/access.ts). */
  PLATFORM_DETECTION: z.enum(["off", "admins", "all"]).default("admins"),
  /** Deliveries one webhook URL (token) may make per minute before a 429 with Retry-After (integrations/webhook-rate-limit.ts). */
  WEBHOOK_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Requests one personal API token may make per minute before a 429 with Retry-After (auth/api-token-auth.ts). */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
});

export type Config = {
  port: number;
  host: string;
  /** A PostgreSQL server; absent means embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Start PGlite in memory (tests): no files at all. */
  inMemoryDatabase?: boolean;
  /** A gzipped PGlite data dir to start from instead of running initdb (fast first start, fast tests). */
  pgliteTemplate?: Blob;
  /**
   * Tests only: an embedded database already open, lent to this app; the app gives it back with `release`
   * instead of closing it (tests/helpers/pglite-pool.ts).
   */
  pgliteLease?: PgliteLease;
  secretsKey?: string;
  publicUrl?: string;
  adminEmails: string[];
  logLevel: string;
  /** Where log lines go; absent means stdout. Tests read the log through it. */
  logDestination?: LogDestination;
  /** Proxies trusted for the client's address and protocol: none, the nearest N hops, or these addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** Folder of the built web app; absent means API only (tests). */
  webDistDir?: string;
  smtp: { url?: string; from: string };
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    apiBase?: string;
    prices: Record<string, string | undefined>;
    /** Days the Stripe subscription trials before its first charge (0: paid at sign-up). */
    trialDays?: number;
  };
  oauth: {
    google: { clientId?: string; clientSecret?: string };
    microsoft: { clientId?: string; clientSecret?: string };
    tokenUrlOverride?: string;
  };
  /**
   * Microsoft Teams capture (capture/teams): the identity platform's host (tokens) and Graph's base
   * URL; tests point both at a local stand-in and trust its self-signed certificate with `trustedCa`
   * (a PEM, never read from the environment: production trusts the system's roots).
   */
  microsoft: { authorityHost: string; graphBase: string; trustedCa?: string };
  /**
   * Reconciliation against the providers' own records (capture/reconcile): Zoom's OAuth host
   * (Server-to-Server tokens) and REST base; a base that replaces api.twilio.com for Twilio's SDK, and
   * one that replaces `https://{space}.signalwire.com` for SignalWire's compatibility API. Tests point
   * them at local stand-ins; absent means the providers' own. `timeoutMs` is each request's deadline
   * (default 15 s). `deadline` (tests only, never from the environment) makes each request's deadline signal
   * instead of AbortSignal.timeout, so a test can end the wait for a stand-in that holds its answer when it
   * chooses (tests/helpers/held-deadlines.ts) rather than sit it out.
   */
  providers?: {
    zoomOAuthBase?: string;
    zoomApiBase?: string;
    twilioApiBase?: string;
    signalwireApiBase?: string;
    timeoutMs?: number;
    deadline?: (ms: number) => AbortSignal;
  };
  /**
   * Google Meet capture (capture/meet): where Google's OAuth endpoints (`{oauthBase}/o/oauth2/v2/auth`,
   * `{oauthBase}/token`) and APIs (Calendar v3, Meet v2) are; absent means Google's own. Tests point
   * both at a local stand-in.
   */
  google: {
    oauthBase?: string;
    apiBase?: string;
    /** Per-request deadline (ms), default 10 s; tests shorten it. */
    timeoutMs?: number;
  };
  /**
   * Accounting providers (accounting/): per provider, a base URL that replaces the provider's own
   * hosts (a stand-in in tests; `{PROVIDER}_BASE_URL`), QuickBooks' sandbox switch, the per-request
   * deadline, and for tests and benches only, rate limits other than the providers' published ones.
   */
  accounting?: {
    endpoints: Partial<Record<AccountingProviderId, ProviderEndpoints>>;
    timeoutMs?: number;
    rateLimits?: Partial<Record<AccountingProviderId, Partial<ProviderRateLimit>>>;
  };
  /** How long a session lookup is cached per instance (ms); 0 turns the cache off. */
  sessionCacheMs?: number;
  /** How long the dashboard's figures and the client log's answers are cached per instance and account (ms); 0 turns the caches off. */
  readCacheMs: number;
  /**
   * Whether every transaction tells the audit triggers who acts (audit/audit-actor.ts). Off only for
   * bench/audit-writes.mjs's baseline (BENCH_AUDIT_ACTOR=off), which also disables the triggers on its own
   * throwaway database; off alone removes no audit row: the triggers still write each change, by "System".
   */
  auditActor?: boolean;
  /**
   * Mail servers on loopback, private or link-local addresses, and signing in to one without TLS,
   * are refused unless this is on (an office's own server, tests): http/outbound-address.ts.
   */
  allowPrivateMailHosts: boolean;
  /**
   * Platform detection and desktop tracking inspect the server's own computer (docs/desktop-capture.md):
   * "admins" (default) allows administrators and the one account of a single-account install, "all"
   * every account, "off" nobody.
   */
  platformDetection: "off" | "admins" | "all";
  /**
   * How long one look at this computer answers /api/platform/status and /detect (capture/desktop/observe-computer.ts;
   * default 2 s fresh, 10 s answered while a new look is taken). Tests only, never from the environment: a test
   * that has just started or stopped a process asks for a new look instead of waiting for the shared one to age.
   */
  platformLook?: { freshMs: number; staleMs: number };
  /** Deliveries per webhook token and window before a 429 (default 120 a minute); tests lower it. */
  webhookRateLimit: RateLimitRule;
  /** Requests per personal API token and window before a 429 (default 600 a minute, docs/api.md); tests change it. */
  apiTokenRateLimit: RateLimitRule;
  /** How long one calendar feed fetch may take (ms; default 15 s, capture/calendar/fetch-feed.ts); tests shorten it. */
  calendarFeedTimeoutMs?: number;
  /** Failed sign-ins allowed per email and address, and per address (auth/login.ts); tests lower or raise them. */
  loginLimits?: { perEmailAndAddress: RateLimitRule; perAddress: RateLimitRule };
  /** Sign-ups (create-subscription) per address (default 10 an hour, auth/signup-limit.ts); tests raise it. */
  signupLimit?: RateLimitRule;
  /** Waitlist joins per address (default 10 per 10 minutes); tests lower or raise it. */
  waitlistLimit?: RateLimitRule;
  /**
   * scrypt's N for new password hashes (default 2^15, auth/passwords.ts). Tests only, never from the
   * environment: every API test signs users up, and a lower cost keeps npm test fast.
   */
  passwordHashCost?: number;
  /** The HTTP server's deadlines (http/http-timeouts.ts); tests of the deadlines shorten them, nothing else sets them. */
  httpTimeouts?: HttpTimeouts;
  /** Injected clock for tests; production uses the real one. */
  now?: () => Date;
  /**
   * The job queue (jobs/job-queue.ts): on unless false. Options are for tests and benches (a faster
   * poll, no schedules); the app itself needs none. A test's own queues go to buildApp's `extraJobs`.
   */
  jobs?: false | JobsOptions;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: path.resolve(e.DATA_DIR),
    secretsKey: e.SECRETS_KEY,
    publicUrl: e.PUBLIC_URL,
    adminEmails: e.ADMIN_EMAILS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    readCacheMs: e.READ_CACHE_MS,
    auditActor: e.BENCH_AUDIT_ACTOR === "on",
    allowPrivateMailHosts: e.ALLOW_PRIVATE_MAIL_HOSTS,
    platformDetection: e.PLATFORM_DETECTION,
    webhookRateLimit: { limit: e.WEBHOOK_RATE_LIMIT, windowSeconds: 60 },
    apiTokenRateLimit: { limit: e.API_TOKEN_RATE_LIMIT, windowSeconds: 60 },
    smtp: { url: e.SMTP_URL, from: e.SMTP_FROM },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
      prices: {
        "individual:monthly": e.STRIPE_PRICE_INDIVIDUAL_MONTHLY,
        "individual:annual": e.STRIPE_PRICE_INDIVIDUAL_ANNUAL,
        "team:monthly": e.STRIPE_PRICE_TEAM_MONTHLY,
        "team:annual": e.STRIPE_PRICE_TEAM_ANNUAL,
      },
      trialDays: e.STRIPE_TRIAL_DAYS,
    },
    oauth: {
      google: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET },
      microsoft: { clientId: e.MICROSOFT_CLIENT_ID, clientSecret: e.MICROSOFT_CLIENT_SECRET },
      tokenUrlOverride: e.OAUTH_TOKEN_URL_OVERRIDE,
    },
    google: {
      oauthBase: e.GOOGLE_OAUTH_BASE?.replace(/\/+$/, ""),
      apiBase: e.GOOGLE_API_BASE?.replace(/\/+$/, ""),
    },
    accounting: {
      endpoints: {
        quickbooks: { baseUrl: trimSlash(e.QUICKBOOKS_BASE_URL), sandbox: e.QUICKBOOKS_ENVIRONMENT === "sandbox" },
        xero: { baseUrl: trimSlash(e.XERO_BASE_URL) },
        freshbooks: { baseUrl: trimSlash(e.FRESHBOOKS_BASE_URL) },
        wave: { baseUrl: trimSlash(e.WAVE_BASE_URL) },
        sage: { baseUrl: trimSlash(e.SAGE_BASE_URL) },
        netsuite: { baseUrl: trimSlash(e.NETSUITE_BASE_URL) },
      },
    },
    providers: {
      zoomOAuthBase: trimSlash(e.ZOOM_OAUTH_BASE),
      zoomApiBase: trimSlash(e.ZOOM_API_BASE),
      twilioApiBase: trimSlash(e.TWILIO_API_BASE),
      signalwireApiBase: trimSlash(e.SIGNALWIRE_API_BASE),
    },
    microsoft: {
      authorityHost: e.MICROSOFT_AUTHORITY_HOST.replace(/\/+$/, ""),
      graphBase: e.MICROSOFT_GRAPH_BASE.replace(/\/+$/, ""),
    },
    ...overrides,
  };
}

function trimSlash(url: string | undefined): string | undefined {
  return url?.replace(/\/+$/, "");
}
