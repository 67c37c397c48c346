import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import {
  type BillingSeatsJson,
  NEXT_INVOICE_NO_SUBSCRIPTION,
  NEXT_INVOICE_NONE,
  NEXT_INVOICE_NOT_CONFIGURED,
  NEXT_INVOICE_UNREACHABLE,
} from "../../../core/contracts/subscription.js";
import { centsToDecimal } from "../../../core/money.js";
import { seatLimit } from "../../../core/team-seats.js";
import type { AccountRow } from "../../auth/sessions.js";
import type { Db } from "../../db/client.js";
import { countMembers } from "../../team/team-queries.js";
import { hasLiveSubscription } from "../live-subscription.js";
import { stripeSdk } from "../stripe/stripe-client.js";

const fromUnix = (seconds: number | null | undefined) => (typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : null);

/**
 * Plan & Billing's seats and next invoice (GET /api/billing/seats). The amount and date are Stripe's
 * own preview (POST /v1/invoices/create_preview), so prorations of seat changes show exactly as Stripe
 * will charge them; we never compute an invoice ourselves. Stripe failing is a sentence, not an error:
 * the seats still show.
 */
export async function readBillingSeats(
  db: Db,
  options: { account: AccountRow; stripe: Stripe | null; log: FastifyBaseLogger },
): Promise<BillingSeatsJson> {
  const { account, stripe } = options;
  const seats = { seatsUsed: await countMembers(db, account.id), seatLimit: seatLimit(account) };
  const none = (message: string) => ({ ...seats, seatsBilled: null, nextInvoice: null, message });
  if (!stripe) return none(NEXT_INVOICE_NOT_CONFIGURED);
  if (!account.paymentSubscriptionId || !hasLiveSubscription(account)) return none(NEXT_INVOICE_NO_SUBSCRIPTION);
  try {
    const subscription = await stripe.subscriptions.retrieve(account.paymentSubscriptionId);
    const seatsBilled = subscription.items.data[0]?.quantity ?? null;
    if (subscription.cancel_at_period_end) return { ...none(NEXT_INVOICE_NONE), seatsBilled };
    const preview = await stripe.invoices.createPreview({
      customer: account.paymentCustomerId ?? undefined,
      subscription: subscription.id,
    });
    return {
      ...seats,
      seatsBilled,
      nextInvoice: {
        amount: centsToDecimal(preview.amount_due),
        currency: preview.currency,
        date: fromUnix(preview.next_payment_attempt ?? preview.period_end),
      },
      message: null,
    };
  } catch (error) {
    if (!(error instanceof stripeSdk().errors.StripeError)) throw error;
    if (error.code === "invoice_upcoming_none") return none(NEXT_INVOICE_NONE);
    options.log.warn({ accountId: account.id, err: error.message }, "stripe invoice preview failed");
    return none(NEXT_INVOICE_UNREACHABLE);
  }
}
