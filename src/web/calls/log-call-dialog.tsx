import { logCallForm, NO_CLIENT, toLogCallRequest } from "@core/contracts/call-forms";
import { CALL_TYPES } from "@core/contracts/calls";
import { todayInZone } from "@core/period";
import { zodResolver } from "@hookform/resolvers/zod";
import { SelectField } from "@web/components/select-field";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { Textarea } from "@web/components/ui/textarea";
import { useAuth } from "@web/hooks/use-auth";
import { useForm } from "react-hook-form";
import { ClientSelectField } from "./client-select-field";
import { useLogCall } from "./use-calls";

/** "Log past call": a call that already happened, priced at once with the rules in force. */
export function LogCallDialog({
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
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Log past call</DialogTitle>
          <DialogDescription>Record a call you did not time. It is priced with your current billing rules.</DialogDescription>
        </DialogHeader>
        {open ? <LogCallForm clientId={clientId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LogCallForm({ clientId, onDone }: { clientId?: number; onDone: () => void }) {
  const { user } = useAuth();
  const timezone = user?.timezone ?? "UTC";
  const log = useLogCall(onDone);
  const form = useForm({
    resolver: zodResolver(logCallForm),
    defaultValues: {
      clientId: clientId ? String(clientId) : NO_CLIENT,
      date: todayInZone(timezone),
      time: "09:00",
      durationMinutes: "30",
      callType: "consultation",
      notes: "",
    },
  });
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => log.mutate(toLogCallRequest(values, timezone)))}
      >
        <ClientSelectField control={form.control} name="clientId" />
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            control={form.control}
            name="date"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Date</FormLabel>
                <FormControl>
                  <Input type="date" max={todayInZone(timezone)} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="time"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Start time</FormLabel>
                <FormControl>
                  <Input type="time" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="durationMinutes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Minutes</FormLabel>
                <FormControl>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min="1"
                    max="1440"
                    step="1"
                    className="tabular-nums"
                    {...field}
                    value={String(field.value ?? "")}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">Times are in your time zone, {timezone}.</p>
        <SelectField
          control={form.control}
          name="callType"
          label="Call type"
          placeholder="Choose call type"
          choices={CALL_TYPES}
        />
        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Notes</FormLabel>
              <FormControl>
                <Textarea rows={3} {...field} />
              </FormControl>
              <FormDescription>Optional; shown in the client log and on the invoice.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={log.isPending}>
            {log.isPending ? <Spinner /> : null}
            Log call
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
