import {
  type ClientFormInput,
  type ClientResponse,
  type CreateClientRequest,
  createClientRequest,
} from "@core/contracts/clients";
import { centsToDecimal } from "@core/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { EmailField } from "@web/components/email-field";
import { RateField } from "@web/components/rate-field";
import { SelectField } from "@web/components/select-field";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { Textarea } from "@web/components/ui/textarea";
import { useAuth } from "@web/hooks/use-auth";
import { ROUNDING_SCOPE_LABELS, isRoundingScope } from "@core/pricing/rounding-scope";
import { ROUNDING_CHOICES, ROUNDING_LABELS, ROUNDING_SCOPE_CHOICES } from "@web/settings/billing-options";
import { BillingTypeField, MinimumBillingField } from "@web/settings/billing-rule-fields";
import { useForm } from "react-hook-form";
import { MATCHING_HINT } from "@core/contracts/client-import";
import { ContactWarnings, useContactCheck } from "./contact-check";
import { rateLabel } from "./client-rate";
import { useCreateClient, useUpdateClient } from "./use-clients";

/** Radix selects cannot hold "", so "use my default" travels as this value. */
const ACCOUNT_DEFAULT = "default";

function toFormValues(client?: ClientResponse): ClientFormInput {
  return {
    name: client?.name ?? "",
    email: client?.email ?? "",
    phone: client?.phone ?? "",
    company: client?.company ?? "",
    caseType: client?.caseType ?? "",
    address: client?.address ?? "",
    billingRate: client?.billingRate ?? "",
    billingType: client?.billingType ?? "hour",
    minimumBillingMinutes: client?.minimumBillingMinutes == null ? "" : String(client.minimumBillingMinutes),
    roundingIncrementMinutes: client?.roundingIncrementMinutes == null ? "" : String(client.roundingIncrementMinutes),
    roundingScope: client?.roundingScope ?? "",
    notes: client?.notes ?? "",
  };
}

/** The validated form → the request body; the rate goes back to a decimal string. */
function toRequestBody(values: CreateClientRequest): Record<string, unknown> {
  const { phoneNumber: _alias, billingRate, ...rest } = values;
  return { ...rest, billingRate: billingRate == null ? null : centsToDecimal(billingRate) };
}

type ClientFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client to edit; absent for "Add New Client". */
  client?: ClientResponse;
  /** After a successful save (the setup guide goes back to the dashboard). */
  onSaved?: (client: ClientResponse) => void;
};

/** "Add New Client" / "Edit Client": name required, everything else optional. */
export function ClientFormDialog({ open, onOpenChange, client, onSaved }: ClientFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{client ? "Edit Client" : "Add New Client"}</DialogTitle>
          <DialogDescription>
            {client ? "Change this client's details and billing." : "Add a client to track billable time for them."}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <ClientForm
            client={client}
            onDone={(saved) => {
              onOpenChange(false);
              onSaved?.(saved);
            }}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({
  client,
  onDone,
  onCancel,
}: {
  client?: ClientResponse;
  onDone: (client: ClientResponse) => void;
  onCancel: () => void;
}) {
  const { user } = useAuth();
  const create = useCreateClient(onDone);
  const update = useUpdateClient(client?.id ?? 0, onDone);
  const mutation = client ? update : create;
  const form = useForm({ resolver: zodResolver(createClientRequest), defaultValues: toFormValues(client) });
  const currency = user?.currency ?? "usd";
  const defaultRate = user?.defaultBillingRate !== undefined ? rateLabel(user.defaultBillingRate, user.billingType, currency) : "your default rate";
  const hasOwnRate = String(form.watch("billingRate") ?? "").trim() !== "";
  const contactCheck = useContactCheck(String(form.watch("email") ?? ""), String(form.watch("phone") ?? ""), client?.id);
  const defaultRounding = user
    ? ` (${ROUNDING_LABELS[user.roundingIncrementMinutes] ?? `${user.roundingIncrementMinutes} minutes`})`
    : "";
  const defaultScope =
    user && isRoundingScope(user.roundingScope) ? ` (${ROUNDING_SCOPE_LABELS[user.roundingScope].toLowerCase()})` : "";

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(toRequestBody(values)))}>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem className="sm:col-span-2">
                <FormLabel>
                  Name{" "}
                  <span aria-hidden="true" className="text-destructive">
                    *
                  </span>
                  <span className="sr-only">(required)</span>
                </FormLabel>
                <FormControl>
                  <Input autoComplete="off" aria-required="true" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <EmailField control={form.control} name="email" autoComplete="off" description={MATCHING_HINT} />
          <TextField
            control={form.control}
            name="phone"
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            description={MATCHING_HINT}
          />
          <ContactWarnings check={contactCheck} className="sm:col-span-2" />
          <TextField control={form.control} name="company" label="Company" autoComplete="off" />
          <TextField
            control={form.control}
            name="caseType"
            label="Case Type"
            autoComplete="off"
            placeholder="e.g. Contract Review"
          />
          <TextField control={form.control} name="address" label="Address" itemClassName="sm:col-span-2" autoComplete="off" />
          <RateField
            control={form.control}
            name="billingRate"
            label="Billing Rate"
            placeholder={user?.defaultBillingRate ?? "150.00"}
            description={`Leave empty to bill at your default, ${defaultRate}.`}
          />
          <BillingTypeField
            control={form.control}
            name="billingType"
            toChoice={(value) => (typeof value === "string" && value ? value : "hour")}
            description={hasOwnRate ? "The unit of this client's rate." : "Applies once the client has its own rate."}
          />
          <MinimumBillingField
            control={form.control}
            name="minimumBillingMinutes"
            description="Empty uses your default."
            placeholder={user ? String(user.minimumBillingMinutes) : ""}
          />
          <SelectField
            control={form.control}
            name="roundingIncrementMinutes"
            label="Rounding Increment"
            choices={[{ value: ACCOUNT_DEFAULT, label: `Your default${defaultRounding}` }, ...ROUNDING_CHOICES]}
            toChoice={(value) => (value == null || value === "" ? ACCOUNT_DEFAULT : String(value))}
            fromChoice={(choice) => (choice === ACCOUNT_DEFAULT ? "" : choice)}
          />
          <SelectField
            control={form.control}
            name="roundingScope"
            label="Round and apply the minimum to"
            choices={[{ value: ACCOUNT_DEFAULT, label: `Your default${defaultScope}` }, ...ROUNDING_SCOPE_CHOICES]}
            toChoice={(value) => (value == null || value === "" ? ACCOUNT_DEFAULT : String(value))}
            fromChoice={(choice) => (choice === ACCOUNT_DEFAULT ? "" : choice)}
          />
          <FormField
            control={form.control}
            name="notes"
            render={({ field }) => (
              <FormItem className="sm:col-span-2">
                <FormLabel>Notes</FormLabel>
                <FormControl>
                  <Textarea rows={3} {...field} value={field.value ?? ""} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : null}
            {client ? (mutation.isPending ? "Saving..." : "Save Changes") : mutation.isPending ? "Adding..." : "Add Client"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
