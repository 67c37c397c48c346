import { CALL_TYPES, type CallJson, callTypeLabel, MAX_CALL_SECONDS } from "@core/contracts/calls";
import { useDeleteCall, useUpdateCall } from "@web/calls/use-calls";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@web/components/ui/dropdown-menu";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { ChoiceSelect } from "@web/components/choice-select";
import { Spinner } from "@web/components/ui/spinner";
import { Textarea } from "@web/components/ui/textarea";
import { RecordHistoryDialog } from "@web/audit/record-history-dialog";
import { CallCodesDialog } from "@web/legal-billing/call-codes-dialog";
import { useLegalBillingEnabled } from "@web/legal-billing/use-legal-billing";
import { MoreHorizontal } from "lucide-react";
import { useState } from "react";

/** Edit or delete an uninvoiced call (invoiced calls are locked, docs/decisions.md D10). */
export function CallRowMenu({ call }: { call: CallJson }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [coding, setCoding] = useState(false);
  const [showingHistory, setShowingHistory] = useState(false);
  // Legal e-billing adds "Legal codes" to a call that can still be recoded (ended, uninvoiced, with a client).
  const canCode = useLegalBillingEnabled() && !call.active && call.invoiceId === null && call.clientId !== null;
  const remove = useDeleteCall(() => setDeleting(false));
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for the ${callTypeLabel(call.callType)} call`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setEditing(true)}>Edit</DropdownMenuItem>
          {canCode ? <DropdownMenuItem onSelect={() => setCoding(true)}>Legal codes</DropdownMenuItem> : null}
          <DropdownMenuItem onSelect={() => setShowingHistory(true)}>History</DropdownMenuItem>
          <DropdownMenuItem className="text-destructive" onSelect={() => setDeleting(true)}>
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EditCallDialog call={call} open={editing} onOpenChange={setEditing} />
      {canCode ? <CallCodesDialog call={call} open={coding} onOpenChange={setCoding} /> : null}
      <RecordHistoryDialog
        kind="calls"
        id={call.id}
        name={`the ${callTypeLabel(call.callType).toLowerCase()} call`}
        open={showingHistory}
        onOpenChange={setShowingHistory}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this call?"
        description="The call and its amount are removed for good. This cannot be undone."
        confirmLabel="Delete call"
        pending={remove.isPending}
        destructive
        onConfirm={() => remove.mutate(call.id)}
      />
    </>
  );
}

/** Type, notes and (for an ended call) the length in minutes; a changed length is re-priced with the call's own rules. */
function EditCallDialog({ call, open, onOpenChange }: { call: CallJson; open: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateCall(() => onOpenChange(false));
  const [callType, setCallType] = useState(call.callType);
  const [notes, setNotes] = useState(call.notes ?? "");
  const originalMinutes = String(Math.round(call.duration / 60));
  const [minutes, setMinutes] = useState(originalMinutes);
  const [error, setError] = useState<string | null>(null);
  const types = CALL_TYPES.some((t) => t.value === call.callType)
    ? CALL_TYPES
    : [...CALL_TYPES, { value: call.callType, label: call.callType }];

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: { callType?: string; notes?: string | null; duration?: number } = {};
    if (callType !== call.callType) body.callType = callType;
    if (notes.trim() !== (call.notes ?? "")) body.notes = notes.trim() ? notes.trim() : null;
    if (!call.active && minutes !== originalMinutes) {
      const value = Number(minutes);
      if (!Number.isInteger(value) || value < 0 || value * 60 > MAX_CALL_SECONDS) {
        setError("Enter whole minutes from 0 to 1440");
        return;
      }
      body.duration = value * 60;
    }
    if (Object.keys(body).length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate({ id: call.id, body });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Edit call</DialogTitle>
          <DialogDescription>A new length is priced with the rules this call was billed with.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={handleSubmit}>
          <div className="grid gap-1.5">
            <Label htmlFor={`call-${call.id}-type`}>Call type</Label>
            <ChoiceSelect id={`call-${call.id}-type`} value={callType} onValueChange={setCallType} choices={types} />
          </div>
          {call.active ? null : (
            <div className="grid gap-1.5">
              <Label htmlFor={`call-${call.id}-minutes`}>Minutes</Label>
              <Input
                id={`call-${call.id}-minutes`}
                type="number"
                inputMode="numeric"
                min="0"
                max="1440"
                step="1"
                className="tabular-nums"
                value={minutes}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `call-${call.id}-minutes-error` : undefined}
                onChange={(event) => {
                  setMinutes(event.target.value);
                  setError(null);
                }}
              />
              {error ? (
                <p id={`call-${call.id}-minutes-error`} className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={`call-${call.id}-notes`}>Notes</Label>
            <Textarea
              id={`call-${call.id}-notes`}
              rows={3}
              maxLength={5000}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Spinner /> : null}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
