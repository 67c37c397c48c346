import type { SubscriptionJson } from "@core/contracts/subscription";
import type { UseQueryResult } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";

export const CHECKOUT_PAID_TOAST = "Payment received: your subscription is active";
export const CHECKOUT_PENDING_TOAST = "Finishing your subscription…";
export const CHECKOUT_CANCELLED_TOAST = "Checkout cancelled";

/** How long the tab re-reads the subscription after Stripe Checkout, waiting for Stripe's webhook. */
const WATCH_MS = 30_000;
const POLL_MS = 1_000;

/** The subscription Checkout paid for has reached the account (the webhook linked it). */
const subscribed = (data: SubscriptionJson | undefined) => Boolean(data?.canTrack && !data.canCheckout);

/**
 * Stripe Checkout sends the user back to /settings?tab=plan&checkout=success (or =cancelled).
 * The browser's return proves nothing (the account changes only when Stripe's webhook arrives),
 * so on success the tab re-reads the subscription every second for a while: "Payment received"
 * once the account shows the subscription, "Finishing your subscription…" until then. The
 * parameter is dropped at once, so a reload says nothing again.
 */
export function useCheckoutReturn(subscription: UseQueryResult<SubscriptionJson>): void {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("checkout");
  const handled = useRef(false);
  const [watchUntil, setWatchUntil] = useState<number | null>(null);
  const { data, refetch } = subscription;

  useEffect(() => {
    if ((outcome !== "success" && outcome !== "cancelled") || handled.current || !data) return;
    handled.current = true;
    setParams({ tab: "plan" }, { replace: true });
    if (outcome === "cancelled") {
      toast({ title: CHECKOUT_CANCELLED_TOAST, description: "Nothing was charged. You can subscribe whenever you are ready." });
    } else if (subscribed(data)) {
      toast({ title: CHECKOUT_PAID_TOAST });
    } else {
      toast({
        title: CHECKOUT_PENDING_TOAST,
        description: "Stripe has your payment; this page updates as soon as Stripe confirms it.",
      });
      setWatchUntil(Date.now() + WATCH_MS);
    }
  }, [outcome, data, setParams]);

  useEffect(() => {
    if (watchUntil === null) return;
    if (subscribed(data)) {
      setWatchUntil(null);
      toast({ title: CHECKOUT_PAID_TOAST });
      return;
    }
    const timer = window.setInterval(() => {
      if (Date.now() > watchUntil) {
        window.clearInterval(timer);
        setWatchUntil(null);
        toast({
          title: "Still waiting for Stripe",
          description: "Your payment is being confirmed. Reload this page in a minute to see your subscription.",
        });
        return;
      }
      void refetch();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [watchUntil, data, refetch]);
}
