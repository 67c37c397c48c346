import { type LegalBillingSettingsJson, legalBillingSettingsForm } from "@core/contracts/legal-billing";
import { zodResolver } from "@hookform/resolvers/zod";
import { QueryGate } from "@web/components/query-gate";
import { SelectField } from "@web/components/select-field";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { useLegalBillingSettings, useSaveLegalBillingSettings } from "@web/legal-billing/use-legal-billing";
import { CLASSIFICATION_CHOICES, fromChoice, toChoice } from "@web/legal-billing/utbms-choices";
import { useForm } from "react-hook-form";
import { FieldsSkeleton } from "./fields-skeleton";

/**
 * Settings → Billing → Legal e-billing (docs/ledes.md): off by default, so practices that do not bill
 * through e-billing portals never see matters, UTBMS codes or LEDES exports. On: the firm's
 * LAW_FIRM_ID and the signed-in user as a timekeeper (each member of a Team practice sets their own).
 */
export function LegalBillingSection() {
  const settings = useLegalBillingSettings();
  return (
    <section aria-labelledby="legal-billing-title" className="mt-8 grid gap-3 border-t pt-6">
      <h3 id="legal-billing-title" className="text-base font-semibold">
        Legal e-billing
      </h3>
      <p className="text-sm text-muted-foreground">
        For clients who take invoices through an e-billing portal (Legal Tracker, Collaborati, Brightflag, eBillingHub, Tymetrix):
        matters, UTBMS task and activity codes, and LEDES 1998B and LEDES XML 2.1 exports checked the way portals check them.
      </p>
      <QueryGate
        query={settings}
        loading={<FieldsSkeleton fields={4} label="Loading legal e-billing settings" />}
        errorMessage="The legal e-billing settings could not be loaded."
      >
        {(data) => <LegalBillingForm settings={data} />}
      </QueryGate>
    </section>
  );
}

function LegalBillingForm({ settings }: { settings: LegalBillingSettingsJson }) {
  const save = useSaveLegalBillingSettings();
  const form = useForm({
    resolver: zodResolver(legalBillingSettingsForm),
    defaultValues: {
      enabled: settings.enabled,
      lawFirmId: settings.lawFirmId ?? "",
      timekeeperId: settings.timekeeperId ?? "",
      timekeeperName: settings.timekeeperName ?? "",
      timekeeperClassification: settings.timekeeperClassification,
    },
  });
  const enabled = form.watch("enabled");
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-4 sm:grid-cols-2" noValidate>
        <FormField
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <FormItem className="flex flex-row items-start gap-3 sm:col-span-2">
              <FormControl>
                <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
              </FormControl>
              <div className="grid gap-1">
                <FormLabel>Turn on legal e-billing</FormLabel>
                <FormDescription>
                  Shows matters and codes on clients and calls, and the LEDES exports on invoices.
                </FormDescription>
              </div>
            </FormItem>
          )}
        />
        {enabled ? (
          <>
            <TextField
              control={form.control}
              name="lawFirmId"
              label="Law firm ID (LAW_FIRM_ID)"
              description="Usually your firm's tax ID, as your clients' portals know it."
              placeholder="12-3456789"
              autoComplete="off"
            />
            <TextField
              control={form.control}
              name="timekeeperId"
              label="Your timekeeper ID"
              description="The ID the portals list you under."
              placeholder="JD01"
              autoComplete="off"
            />
            <TextField
              control={form.control}
              name="timekeeperName"
              label="Timekeeper name"
              description={`Leave empty to use “${settings.defaultTimekeeperName}”.`}
              placeholder={settings.defaultTimekeeperName}
              autoComplete="name"
            />
            <SelectField
              control={form.control}
              name="timekeeperClassification"
              label="Timekeeper classification"
              choices={CLASSIFICATION_CHOICES}
              toChoice={toChoice}
              fromChoice={fromChoice}
            />
          </>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            Save legal e-billing
          </Button>
        </div>
      </form>
    </Form>
  );
}
