import {
  calculateBillingRequest,
  type CalculateBillingResponse,
  NO_EMAILS_SELECTED,
  type SearchedEmail,
} from "@core/contracts/emails";
import { DEFAULT_EMAIL_RATE_CENTS } from "@core/email-estimate";
import { centsToDecimal } from "@core/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Calculator } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { RateField } from "@web/components/rate-field";
import { SelectField } from "@web/components/select-field";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { refreshAfter } from "@web/lib/query-refresh";
import { calculateBilling, splitMessage, toastFailure, useClientChoices } from "./use-emails";

/** The card's own fields, validated by the same contract as POST /api/emails/calculate-billing. */
const calculateForm = z.object({
  billingRate: calculateBillingRequest.shape.billingRate,
  clientId: calculateBillingRequest.shape.clientId,
});
type CalculateFormInput = z.input<typeof calculateForm>;
type CalculateFormOutput = z.output<typeof calculateForm>;
export type BillingChoice = { clientId: number | null; billingRate: string };

/** Calculate Billing: a rate per hour (150.00 by default) and a client. */
export function CalculateBillingCard({
  selectedEmails,
  onCalculated,
}: {
  selectedEmails: SearchedEmail[];
  onCalculated: (response: CalculateBillingResponse, choice: BillingChoice) => void;
}) {
  const clients = useClientChoices();
  const form = useForm<CalculateFormInput, unknown, CalculateFormOutput>({
    resolver: zodResolver(calculateForm),
    defaultValues: { billingRate: "150.00", clientId: "" },
  });
  const calculate = useMutation({
    mutationFn: (body: { emails: SearchedEmail[]; billingRate: string; clientId: number | null }) => calculateBilling(body),
    onSuccess: (response, body) => {
      void refreshAfter("emails.calculated");
      onCalculated(response, { clientId: body.clientId, billingRate: body.billingRate });
      toast({ title: "Billing Calculated", description: response.message });
    },
    onError: (error) =>
      toastFailure(error, "Calculation Failed", "Calculation Error: Unable to calculate billing. Please try again."),
  });

  const handleValid = (values: CalculateFormOutput) => {
    if (selectedEmails.length === 0) {
      toast({ ...splitMessage(NO_EMAILS_SELECTED), variant: "destructive" });
      return;
    }
    const billingRate = centsToDecimal(values.billingRate ?? DEFAULT_EMAIL_RATE_CENTS);
    calculate.mutate({ emails: selectedEmails, billingRate, clientId: values.clientId });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Calculate Billing</CardTitle>
        <CardDescription>
          {selectedEmails.length} email{selectedEmails.length === 1 ? "" : "s"} selected. Reading is billed for inbound emails,
          writing for outbound ones.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form noValidate onSubmit={form.handleSubmit(handleValid)} className="grid gap-4">
            <RateField control={form.control} name="billingRate" label="Billing Rate (per hour)" placeholder="150.00" />
            <SelectField
              control={form.control}
              name="clientId"
              label="Client"
              placeholder={clients.isLoading ? "Loading clients…" : "Select a client"}
              disabled={clients.isLoading}
              choices={(clients.data ?? []).map((client) => ({ value: String(client.id), label: client.name }))}
              toChoice={(value) => (value ? String(value) : "")}
              description={
                clients.data && clients.data.length === 0
                  ? "Add a client first to save emails to billing records."
                  : "The client's minimum and rounding apply."
              }
            />
            <Button type="submit" disabled={calculate.isPending}>
              {calculate.isPending ? <Spinner /> : <Calculator aria-hidden="true" />}
              Calculate Billing
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
