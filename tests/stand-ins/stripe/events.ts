import Stripe from "stripe";
import type { StripeObject, StripeStandIn } from "./server.js";

/**
 * The webhook events the stand-in's state changes produce (issue 15 §6): every change a resource
 * makes calls `emitEvent`, which keeps a snapshot of the object as Stripe does. Tests deliver them
 * to the app's POST /api/webhooks/stripe when they choose: in any order, more than once, signed
 * with the SDK's `generateTestHeaderString` (or unsigned / wrongly signed / stale on purpose).
 */
export type StandInEvent = {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
};

const logs = new WeakMap<StripeStandIn, StandInEvent[]>();

/** Every event emitted so far, oldest first. */
export function eventsOf(standIn: StripeStandIn): StandInEvent[] {
  let log = logs.get(standIn);
  if (!log) {
    log = [];
    logs.set(standIn, log);
  }
  return log;
}

export function emitEvent(
  standIn: StripeStandIn,
  type: string,
  object: StripeObject,
  previous?: Record<string, unknown>,
): StandInEvent {
  const event: StandInEvent = {
    id: standIn.newId("evt"),
    object: "event",
    type,
    created: standIn.now(),
    api_version: Stripe.API_VERSION,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
  };
  eventsOf(standIn).push(event);
  return event;
}

export type SignedDelivery = { body: string; headers: Record<string, string> };

/** The event as Stripe would POST it: JSON body and a `Stripe-Signature` over `{t}.{body}`. */
export function signEvent(event: StandInEvent, secret: string, timestamp = Math.floor(Date.now() / 1000)): SignedDelivery {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
  return { body, headers: { "content-type": "application/json", "stripe-signature": signature } };
}

/** POSTs one signed event to the app's webhook URL; the HTTP status and answer. */
export async function deliverEvent(
  url: string,
  event: StandInEvent,
  secret: string,
  timestamp?: number,
): Promise<{ status: number; body: unknown }> {
  const delivery = signEvent(event, secret, timestamp);
  const response = await fetch(url, { method: "POST", headers: delivery.headers, body: delivery.body });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body };
}

/** Fisher–Yates with a seeded generator, so a failing order can be reproduced. */
export function shuffled<T>(items: readonly T[], seed = 1): T[] {
  const copy = [...items];
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * The stand-in's clock: `advance(seconds)` moves its time forward, then ends every trial that is
 * over (charging the saved card, as Stripe does at trial end) and sends trial_will_end three
 * days before a trial's end, as Stripe does.
 */
export function advanceClock(standIn: StripeStandIn, seconds: number, endTrial: (subscriptionId: string) => void): void {
  const current = standIn.now();
  const target = current + seconds;
  standIn.now = () => target;
  for (const subscription of standIn.list("subscription")) {
    if (subscription.status !== "trialing" || typeof subscription.trial_end !== "number") continue;
    const warnAt = subscription.trial_end - 3 * 86_400;
    if (current < warnAt && target >= warnAt) emitEvent(standIn, "customer.subscription.trial_will_end", subscription);
    if (target >= subscription.trial_end) endTrial(subscription.id);
  }
}
