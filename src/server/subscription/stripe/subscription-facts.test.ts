import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { Config } from "../../config.js";
import { stripeEventJob } from "../stripe-webhook/stripe-events.js";
import { missingStripeSettings, planForPrice, stripeSignUpConfigured } from "./stripe-prices.js";
import { subscriptionFacts } from "./subscription-facts.js";

const prices = {
  "individual:monthly": "price_im",
  "individual:annual": "price_ia",
  "team:monthly": "price_tm",
  "team:annual": "price_ta",
};
const settings: Config["stripe"] = { secretKey: "sk", publishableKey: "pk", prices };
const config = { stripe: settings } as unknown as Config;

function subscription(fields: Record<string, unknown>): Stripe.Subscription {
  return {
    id: "sub_1",
    object: "subscription",
    customer: "cus_1",
    status: "active",
    cancel_at_period_end: false,
    trial_end: null,
    items: { data: [{ price: { id: "price_ta" }, current_period_end: 1_800_000_000 }] },
    ...fields,
  } as unknown as Stripe.Subscription;
}

describe("the account's view of a Stripe subscription", () => {
  it("maps the price to plan and cycle and takes the period from the item (API 2025-03-31+)", () => {
    expect(subscriptionFacts(settings, subscription({}))).toEqual({
      subscriptionId: "sub_1",
      customerId: "cus_1",
      status: "active",
      plan: "team",
      billingCycle: "annual",
      currentPeriodEnd: new Date(1_800_000_000_000),
      cancelAtPeriodEnd: false,
      trialEndsAt: null,
    });
  });

  it("keeps the plan unknown for a price this deployment does not sell, and an unknown status as incomplete", () => {
    const facts = subscriptionFacts(
      settings,
      subscription({ status: "something_new", items: { data: [{ price: { id: "price_x" } }] } }),
    );
    expect(facts).toMatchObject({ plan: null, billingCycle: null, status: "incomplete", currentPeriodEnd: null });
    expect(planForPrice(settings, undefined)).toBeNull();
  });

  it("needs both keys and all four prices before Stripe takes sign-ups, and names what is missing", () => {
    expect(stripeSignUpConfigured(config)).toBe(true);
    const partial = { stripe: { secretKey: "sk", prices: { "team:annual": "price_ta" } } } as unknown as Config;
    expect(stripeSignUpConfigured(partial)).toBe(false);
    expect(missingStripeSettings(partial)).toEqual([
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_PRICE_INDIVIDUAL_MONTHLY",
      "STRIPE_PRICE_INDIVIDUAL_ANNUAL",
      "STRIPE_PRICE_TEAM_MONTHLY",
    ]);
  });
});

describe("the job of a verified Stripe event", () => {
  const event = (type: string, object: Record<string, unknown>) =>
    ({ id: "evt_1", type, created: 5, data: { object } }) as unknown as Stripe.Event;

  it("finds the subscription of an invoice through its parent (and the old field)", () => {
    expect(
      stripeEventJob(
        event("invoice.paid", { id: "in_1", customer: "cus_1", parent: { subscription_details: { subscription: "sub_1" } } }),
      ),
    ).toEqual({
      eventId: "evt_1",
      type: "invoice.paid",
      objectId: "in_1",
      customerId: "cus_1",
      subscriptionId: "sub_1",
      created: 5,
    });
    expect(
      stripeEventJob(event("invoice.payment_failed", { id: "in_2", customer: "cus_1", subscription: "sub_2" }))?.subscriptionId,
    ).toBe("sub_2");
  });

  it("names the subscription itself for subscription events, and ignores types the app does not act on", () => {
    expect(stripeEventJob(event("customer.subscription.deleted", { id: "sub_3", customer: { id: "cus_3" } }))).toMatchObject({
      objectId: "sub_3",
      subscriptionId: "sub_3",
      customerId: "cus_3",
    });
    expect(stripeEventJob(event("charge.refunded", { id: "ch_1" }))).toBeNull();
  });
});
