import {
  type BillingSettingsFormInput,
  billingSettingsForm,
  CURRENCIES,
  PAYMENT_TERMS_CHOICES,
  ROUNDING_INCREMENT_CHOICES,
  type SettingsResponse,
} from "@core/contracts/settings";
import { centsToDecimal } from "@core/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { Spinner } from "@web/components/ui/spinner";
import { useForm } from "react-hook-form";
import { BILLING_TYPE_OPTIONS, ROUNDING_LABELS } from "./billing-options";
import { useSaveSettings } from "./use-settings";

function toFormValues(settings: SettingsResponse): BillingSettingsFormInput {
  return {
    defaultBillingRate: settings.defaultBillingRate,
    billingType: settings.billingType,
    minimumBillingMinutes: String(settings.minimumBillingMinutes),
    roundingIncrementMinutes: String(settings.roundingIncrementMinutes),
    currency: settings.currency,
    invoicePrefix: settings.invoicePrefix,
    paymentTermsDays: String(settings.paymentTermsDays),
  };
}

/** Billing tab (spec 001 Settings; DECISIONS.md 8): the defaults every client without its own rate uses. */
export function BillingSettingsForm({ settings }: { settings: SettingsResponse }) {
  const save = useSaveSettings("billing");
  const form = useForm({ resolver: zodResolver(billingSettingsForm), values: toFormValues(settings) });

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
          <TextField
            control={form.control}
            name="defaultBillingRate"
            label="Default Billing Rate"
            description="In the billing type's unit, for clients without their own rate."
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="4.00"
            className="tabular-nums"
          />
          <FormField
            control={form.control}
            name="billingType"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Billing Type</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a billing type" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {BILLING_TYPE_OPTIONS.map((option) => (
                      <SelectItem key={option.value} value={option.value}>
                        {option.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <TextField
            control={form.control}
            name="minimumBillingMinutes"
            label="Minimum Billing (minutes)"
            description="A shorter call is billed as this many minutes; 0 for none."
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            placeholder="15"
            className="tabular-nums"
          />
          <FormField
            control={form.control}
            name="roundingIncrementMinutes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Rounding Increment</FormLabel>
                <Select value={String(field.value)} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a rounding increment" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {ROUNDING_INCREMENT_CHOICES.map((minutes) => (
                      <SelectItem key={minutes} value={String(minutes)}>
                        {ROUNDING_LABELS[minutes]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormDescription>Billed time is rounded up to this step.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="currency"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Currency</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a currency" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {CURRENCIES.map((currency) => (
                      <SelectItem key={currency} value={currency}>
                        {currency.toUpperCase()}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="invoicePrefix"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Invoice Prefix</FormLabel>
                <FormControl>
                  <Input placeholder="INV-" autoComplete="off" spellCheck={false} {...field} />
                </FormControl>
                <FormDescription>Invoice numbers read like {form.watch("invoicePrefix") || "INV-"}1042.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="paymentTermsDays"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Payment Terms</FormLabel>
                <Select value={String(field.value)} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose payment terms" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {PAYMENT_TERMS_CHOICES.map((days) => (
                      <SelectItem key={days} value={String(days)}>
                        {days} days
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
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
