import type { CallJson } from "@core/contracts/calls";
import { utbmsLabel } from "@core/ledes/utbms";
import { QueryGate } from "@web/components/query-gate";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { LineCodesForm } from "./line-codes-form";
import { useCallLegalCodes, useClientLegal } from "./use-legal-billing";

/** "Legal codes" of one uninvoiced call: its matter and UTBMS codes, with what the defaults give it shown beside. */
export function CallCodesDialog({
  call,
  open,
  onOpenChange,
}: {
  call: CallJson;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const codes = useCallLegalCodes(open ? call.id : null);
  const legal = useClientLegal(call.clientId ?? 0, open && call.clientId !== null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Legal codes</DialogTitle>
          <DialogDescription>The matter and UTBMS codes this call is billed with on a LEDES invoice.</DialogDescription>
        </DialogHeader>
        <QueryGate
          query={codes}
          loading={<Skeleton className="h-56 w-full" />}
          errorMessage="The call's codes could not be loaded."
        >
          {(data) => (
            <div className="grid gap-4">
              <p className="text-sm text-muted-foreground" data-testid="billed-with">
                Billed with: {data.billedWith.taskCode ? utbmsLabel(data.billedWith.taskCode) : "no task code"},{" "}
                {data.billedWith.activityCode ? utbmsLabel(data.billedWith.activityCode) : "no activity code"}
              </p>
              <LineCodesForm
                target={{ kind: "call", id: call.id }}
                initial={data.chosen}
                matters={legal.data?.matters ?? []}
                idPrefix={`call-${call.id}-codes`}
                onSaved={() => onOpenChange(false)}
              />
            </div>
          )}
        </QueryGate>
      </DialogContent>
    </Dialog>
  );
}
