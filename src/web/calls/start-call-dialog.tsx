import { NO_CLIENT, startCallForm, toStartCallRequest } from "@core/contracts/call-forms";
import { CALL_PLATFORMS, CALL_TYPES } from "@core/contracts/calls";
import { zodResolver } from "@hookform/resolvers/zod";
import { SelectField } from "@web/components/select-field";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { useForm } from "react-hook-form";
import { ClientSelectField } from "./client-select-field";
import { useStartCall } from "./use-calls";

/** "Start Call Timer": an optional client, the platform and the call type; the timer runs on the server's clock. */
export function StartCallDialog({
  open,
  onOpenChange,
  clientId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clientId?: number;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Start Call Timer</DialogTitle>
          <DialogDescription>The timer keeps running if you reload the page; end it from the dashboard.</DialogDescription>
        </DialogHeader>
        {open ? <StartCallForm clientId={clientId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StartCallForm({ clientId, onDone }: { clientId?: number; onDone: () => void }) {
  const start = useStartCall(onDone);
  const form = useForm({
    resolver: zodResolver(startCallForm),
    defaultValues: { clientId: clientId ? String(clientId) : NO_CLIENT, platform: "zoom", callType: "consultation" },
  });
  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => start.mutate(toStartCallRequest(values)))}>
        <ClientSelectField control={form.control} name="clientId" />
        <SelectField
          control={form.control}
          name="platform"
          label="Platform"
          placeholder="Choose platform"
          choices={CALL_PLATFORMS}
        />
        <SelectField
          control={form.control}
          name="callType"
          label="Call type"
          placeholder="Choose call type"
          choices={CALL_TYPES}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? <Spinner /> : null}
            Start Timer
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
