import { useRepriceCalls } from "@web/calls/use-calls";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { useState } from "react";

/**
 * Below the billing defaults: a saved rate change never re-prices past calls on its own
 * (docs/decisions.md D8); this asks first, then prices every ended call not on an invoice again.
 */
export function RepriceCallsSection() {
  const [open, setOpen] = useState(false);
  const reprice = useRepriceCalls(() => setOpen(false));

  return (
    <section aria-labelledby="reprice-calls-title" className="mt-8 grid gap-3 border-t pt-6">
      <h3 id="reprice-calls-title" className="text-base font-semibold">
        Re-price Unbilled Calls
      </h3>
      <p className="text-sm text-muted-foreground">
        Calls keep the rate and rules they were priced with. To apply your current rates to calls that are not on an invoice yet,
        re-price them. Invoiced and running calls never change.
      </p>
      <div>
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          Re-price Unbilled Calls
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Re-price unbilled calls?"
        description="Every ended call that is not on an invoice will be priced again with each client's current rate, billing type, minimum and rounding, or your defaults. Invoiced calls keep their prices."
        confirmLabel="Re-price Calls"
        pendingLabel="Re-pricing..."
        pending={reprice.isPending}
        onConfirm={() => reprice.mutate({})}
      />
    </section>
  );
}
