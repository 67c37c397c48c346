import type { Appearance, Stripe, StripeElements } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

/**
 * Card payment at sign-up (docs/decisions.md D4): Stripe.js loaded from
 * js.stripe.com only when the payment step opens (`/pure`: nothing is fetched for visitors who
 * never pay), the Payment Element mounted into `#payment-element` with the server's clientSecret,
 * then confirmed without a redirect unless the card needs one, returning to `/auth`. The server
 * still checks with Stripe before making the account; this only collects the card.
 */
export const PAYMENT_ELEMENT_ID = "payment-element";

/** Shown instead of a blank box when Stripe.js cannot load (offline, an ad or script blocker). */
export const STRIPE_UNAVAILABLE =
  "The secure card form could not be loaded from Stripe (js.stripe.com). Check your connection, allow js.stripe.com if a blocker stops it, then try again.";

/** `error.message` is the provider's own message, shown as "Payment Failed". */
export type ConfirmPaymentResult = { error?: { message: string } };

export type PaymentForm = {
  /** Confirms the typed card: the payment (first invoice) or, with a trial, the setup intent. */
  confirm: (returnUrl: string) => Promise<ConfirmPaymentResult>;
  destroy: () => void;
};

/** A setup intent's secret (a trial saves the card) rather than a payment intent's. */
export const isSetupIntentSecret = (clientSecret: string) => clientSecret.startsWith("seti_");

/** The Payment Element in the app's colours, light or dark (styles.css). */
export function paymentAppearance(dark: boolean): Appearance {
  const css = getComputedStyle(document.documentElement);
  const color = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    theme: dark ? "night" : "stripe",
    variables: {
      colorPrimary: color("--primary", dark ? "#7aa2ff" : "#2552d0"),
      colorBackground: color("--background", dark ? "#0b1120" : "#ffffff"),
      colorText: color("--foreground", dark ? "#e8edf5" : "#0f172a"),
      colorDanger: color("--destructive", dark ? "#f87171" : "#c81e1e"),
      borderRadius: color("--radius", "0.625rem"),
      fontFamily: css.fontFamily || "system-ui, sans-serif",
    },
  };
}

async function stripeFor(publishableKey: string): Promise<Stripe> {
  let stripe: Stripe | null = null;
  try {
    stripe = await loadStripe(publishableKey);
  } catch {
    stripe = null;
  }
  if (!stripe) throw new Error(STRIPE_UNAVAILABLE);
  return stripe;
}

/**
 * Loads Stripe.js and mounts the Payment Element into `container`. Rejects with STRIPE_UNAVAILABLE
 * when Stripe.js cannot load, so the step can say so.
 */
export async function mountPaymentForm(options: {
  clientSecret: string;
  publishableKey: string | null;
  container: HTMLElement;
  dark: boolean;
}): Promise<PaymentForm> {
  if (!options.publishableKey) throw new Error(STRIPE_UNAVAILABLE);
  const stripe = await stripeFor(options.publishableKey);
  const elements: StripeElements = stripe.elements({
    clientSecret: options.clientSecret,
    appearance: paymentAppearance(options.dark),
  });
  const element = elements.create("payment");
  element.mount(options.container);
  return {
    async confirm(returnUrl) {
      const confirmParams = { return_url: returnUrl };
      const result = isSetupIntentSecret(options.clientSecret)
        ? await stripe.confirmSetup({ elements, confirmParams, redirect: "if_required" })
        : await stripe.confirmPayment({ elements, confirmParams, redirect: "if_required" });
      if (result.error) return { error: { message: result.error.message ?? "Your payment could not be completed." } };
      return {};
    },
    destroy: () => element.destroy(),
  };
}
