import type Stripe from "stripe";
import type { Config } from "../../config.js";
import { onFirstUse } from "../../http/on-first-use.js";

/** The SDK itself, loaded when a Stripe setting is first used (http/on-first-use.ts). */
export const stripeSdk = onFirstUse<typeof Stripe>("stripe");

/**
 * The official Stripe SDK for this deployment, or null when STRIPE_SECRET_KEY is unset (the
 * card-free trial of docs/decisions.md D4). STRIPE_API_BASE points it at another origin (the
 * local stand-in in tests and benches). One client per configuration: the SDK keeps its own
 * keep-alive agent, so it is built once and shared.
 */
const clients = new WeakMap<Config["stripe"], Stripe>();
/** The settings each client was built from, so code holding only the client can map its price ids. */
const settingsOfClient = new WeakMap<Stripe, Config["stripe"]>();

export function stripeSettingsOf(stripe: Stripe): Config["stripe"] | undefined {
  return settingsOfClient.get(stripe);
}

export function stripeClientFor(config: Config): Stripe | null {
  const settings = config.stripe;
  if (!settings.secretKey) return null;
  const existing = clients.get(settings);
  if (existing) return existing;
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const StripeSdk = stripeSdk();
  const client = new StripeSdk(settings.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
    // The SDK retries idempotent requests itself (with an Idempotency-Key), two times at most.
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: "Minutely" },
  });
  clients.set(settings, client);
  settingsOfClient.set(client, settings);
  return client;
}
