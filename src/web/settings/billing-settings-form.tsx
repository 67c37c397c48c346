import {
  type BillingSettingsFormInput,
  billingSettingsForm,
  CURRENCIES,
  PAYMENT_TERMS_CHOICES,
  type SettingsResponse,
} from "@core/contracts/settings";
import { centsToDecimal } from "@core/money";
import { PHONE_COUNTRIES } from "@core/phone-countries";
import { zodResolver } from "@hookform/resolvers/zod";
import { RateField } from "@web/components/rate-field";
import { SelectField } from "@web/components/select-field";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { ROUNDING_CHOICES, ROUNDING_SCOPE_CHOICES } from "./billing-options";
import { BillingTypeField, MinimumBillingField } from "./billing-rule-fields";
import { useSaveSettings } from "./use-settings";

const CURRENCY_CHOICES = CURRENCIES.map((currency) => ({ value: currency, label: currency.toUpperCase() }));
const PAYMENT_TERMS = PAYMENT_TERMS_CHOICES.map((days) => ({ value: String(days), label: `${days} days` }));

/** The phone countries by their English names ("United Kingdom"), sorted; the code when the browser has no name. */
function phoneCountryChoices() {
  const names = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;
  return PHONE_COUNTRIES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
}

function toFormValues(settings: SettingsResponse): BillingSettingsFormInput {
  return {
    defaultBillingRate: settings.defaultBillingRate,
    billingType: settings.billingType,
    minimumBillingMinutes: String(settings.minimumBillingMinutes),
    roundingIncrementMinutes: String(settings.roundingIncrementMinutes),
    roundingScope: settings.roundingScope,
    weeklyWorkingHours: String(settings.weeklyWorkingHours),
    currency: settings.currency,
    invoicePrefix: settings.invoicePrefix,
    paymentTermsDays: String(settings.paymentTermsDays),
    phoneCountry: settings.phoneCountry,
    minCaptureSeconds: String(settings.minCaptureSeconds),
  };
}

/** Billing tab (docs/decisions.md D8): the defaults every client without its own rate uses. */
export function BillingSettingsForm({ settings }: { settings: SettingsResponse }) {
  const save = useSaveSettings("billing");
  const form = useForm({ resolver: zodResolver(billingSettingsForm), values: toFormValues(settings) });
  const countries = useMemo(phoneCountryChoices, []);

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-6"
        onSubmit={form.handleSubmit((values) =>
          save.mutate({ ...values, defaultBillingRate: centsToDecimal(values.defaultBillingRate) }),
        )}
      >
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <RateField
            control={form.control}
            name="defaultBillingRate"
            label="Default Billing Rate"
            description="In the billing type's unit, for clients without their own rate."
            placeholder="4.00"
          />
          <BillingTypeField control={form.control} name="billingType" />
          <MinimumBillingField
            control={form.control}
            name="minimumBillingMinutes"
            description="A shorter call is billed as this many minutes; 0 for none."
            placeholder="15"
          />
          <SelectField
            control={form.control}
            name="roundingIncrementMinutes"
            label="Rounding Increment"
            placeholder="Choose a rounding increment"
            description="Billed time is rounded up to this step."
            choices={ROUNDING_CHOICES}
          />
          <SelectField
            control={form.control}
            name="roundingScope"
            label="Round and apply the minimum to"
            placeholder="Choose where rounding applies"
            description="Each call, the sum of a client's calls on a day, or an invoice's total. A client can choose its own."
            choices={ROUNDING_SCOPE_CHOICES}
          />
          <TextField
            control={form.control}
            name="weeklyWorkingHours"
            label="Working hours a week"
            type="number"
            inputMode="numeric"
            min="1"
            max="168"
            step="1"
            className="tabular-nums"
            placeholder="40"
            description="Analytics divides billable hours by these for utilization."
          />
          <SelectField
            control={form.control}
            name="currency"
            label="Currency"
            placeholder="Choose a currency"
            choices={CURRENCY_CHOICES}
          />
          <TextField
            control={form.control}
            name="invoicePrefix"
            label="Invoice Prefix"
            placeholder="INV-"
            autoComplete="off"
            spellCheck={false}
            description={<>Invoice numbers read like {form.watch("invoicePrefix") || "INV-"}1042.</>}
          />
          <SelectField
            control={form.control}
            name="paymentTermsDays"
            label="Payment Terms"
            placeholder="Choose payment terms"
            choices={PAYMENT_TERMS}
          />
        </div>
        <fieldset className="grid gap-4 border-t pt-6">
          <legend className="text-base font-semibold">Call capture</legend>
          <p className="text-sm text-muted-foreground">
            How calls captured from Zoom and your phone numbers are matched to clients and which ones are kept.
          </p>
          <div className="grid items-start gap-6 sm:grid-cols-2">
            <SelectField
              control={form.control}
              name="phoneCountry"
              label="Phone number country"
              placeholder="Choose a country"
              description="Numbers without a country code, yours and your clients', are read as this country's."
              choices={countries}
            />
            <TextField
              control={form.control}
              name="minCaptureSeconds"
              label="Ignore captured calls shorter than (seconds)"
              type="number"
              inputMode="numeric"
              min="0"
              max="3600"
              step="1"
              className="tabular-nums"
              placeholder="0"
              description="Missed and dropped calls; 0 keeps every call."
            />
          </div>
        </fieldset>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {save.isPending ? "Saving..." : "Save Billing Settings"}
          </Button>
        </div>
      </form>
    </Form>
  );
}
