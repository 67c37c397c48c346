import type { BillingSeatsJson } from "@core/contracts/subscription";
import { formatDecimalMoney } from "@core/money";
import { QueryGate } from "@web/components/query-gate";
import { useEffect, useRef } from "react";
import { FieldsSkeleton } from "./fields-skeleton";
import { useBillingSeats } from "./plan-billing-api";

const dateText = (instant: string | null) =>
  instant ? new Date(instant).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }) : "—";

/** "3 of 5" in the trial, "3" otherwise; Stripe's billed quantity when it differs (a sync still on its way). */
function seatsText(seats: BillingSeatsJson): string {
  const used = seats.seatLimit === null ? `${seats.seatsUsed}` : `${seats.seatsUsed} of ${seats.seatLimit}`;
  const billed =
    seats.seatsBilled !== null && seats.seatsBilled !== seats.seatsUsed ? ` (Stripe bills ${seats.seatsBilled} until it updates)` : "";
  return `${used} ${seats.seatsUsed === 1 ? "member" : "members"}${billed}`;
}

/**
 * Plan & Billing's seats and next invoice (issue 26 §3): what Stripe will charge, and when, from its own
 * preview. `standing` is the subscription's status and period as the tab last read them: when Stripe's
 * webhook changes them (Checkout finished, a plan change), the preview is read again.
 */
export function PlanBillingSeats({ standing }: { standing: string }) {
  const seats = useBillingSeats();
  const { refetch } = seats;
  const seen = useRef(standing);
  useEffect(() => {
    if (seen.current === standing) return;
    seen.current = standing;
    void refetch();
  }, [standing, refetch]);
  return (
    <QueryGate query={seats} loading={<FieldsSkeleton fields={2} label="Loading seats" />} errorMessage="Seats could not be loaded.">
      {(data) => (
        <section aria-labelledby="seats-heading" className="grid gap-3">
          <h3 id="seats-heading" className="text-base font-semibold">
            Seats and next invoice
          </h3>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <div className="grid gap-0.5">
              <dt className="text-sm text-muted-foreground">Seats used</dt>
              <dd className="font-medium tabular-nums" data-testid="seats-used">
                {seatsText(data)}
              </dd>
            </div>
            {data.nextInvoice && (
              <div className="grid gap-0.5">
                <dt className="text-sm text-muted-foreground">Next invoice</dt>
                <dd className="font-medium tabular-nums" data-testid="next-invoice">
                  {formatDecimalMoney(data.nextInvoice.amount, data.nextInvoice.currency)} on {dateText(data.nextInvoice.date)}
                </dd>
              </div>
            )}
          </dl>
          {data.message && (
            <p className="text-sm text-muted-foreground" data-testid="next-invoice-message">
              {data.message}
            </p>
          )}
        </section>
      )}
    </QueryGate>
  );
}
