import {
  type AssignClientFormValues,
  assignClientForm,
  rememberChoices,
  toAssignClientRequest,
} from "@core/contracts/assign-client";
import { NO_CLIENT } from "@core/contracts/call-forms";
import { type CallJson, platformLabel } from "@core/contracts/calls";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Form, FormField } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ClientSelectField } from "./client-select-field";
import { useAssignClient } from "./use-calls";

/** What the dialog needs of a call: an ended one from a list, or a running one from the tracker. */
export type AssignableCall = Pick<CallJson, "id" | "platform" | "participants">;

/**
 * "Assign client" for a call on Unknown Client: a button that opens the dialog. Shown
 * wherever calls are listed; the server refuses an invoiced call.
 */
export function AssignClientButton({ call }: { call: AssignableCall }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <UserPlus aria-hidden="true" />
        Assign client<span className="sr-only"> to the {platformLabel(call.platform)} call</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Assign client</DialogTitle>
            <DialogDescription>
              The call is billed to the client you choose, with that client's rates. Numbers and addresses you remember are
              matched to the client on the next call.
            </DialogDescription>
          </DialogHeader>
          {open ? <AssignClientForm call={call} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function AssignClientForm({ call, onDone }: { call: AssignableCall; onDone: () => void }) {
  const choices = rememberChoices(call.participants);
  const assign = useAssignClient(onDone);
  const form = useForm<AssignClientFormValues>({
    resolver: zodResolver(assignClientForm),
    defaultValues: { clientId: NO_CLIENT, remember: choices.map((choice) => choice.key) },
  });
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => assign.mutate({ id: call.id, body: toAssignClientRequest(values, choices) }))}
      >
        <ClientSelectField control={form.control} name="clientId" allowNone={false} />
        {choices.length > 0 ? (
          <FormField
            control={form.control}
            name="remember"
            render={({ field }) => (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Remember for this client</legend>
                {choices.map((choice, index) => {
                  const id = `assign-remember-${index}`;
                  const checked = field.value.includes(choice.key);
                  return (
                    <div key={choice.key} className="flex items-center gap-2 text-sm">
                      <Checkbox
                        id={id}
                        checked={checked}
                        onCheckedChange={(state) =>
                          field.onChange(
                            state === true ? [...field.value, choice.key] : field.value.filter((key) => key !== choice.key),
                          )
                        }
                      />
                      <label htmlFor={id} className="min-w-0 break-all">
                        Remember <span className="font-medium tabular-nums">{choice.value}</span> for this client
                      </label>
                    </div>
                  );
                })}
              </fieldset>
            )}
          />
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={assign.isPending}>
            {assign.isPending ? <Spinner /> : null}
            Assign
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
