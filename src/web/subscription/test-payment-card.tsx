import { DEFAULT_TEST_AMOUNT, paymentIntentRequest, type PaymentIntentResponse } from "@core/contracts/stripe";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { toastText } from "@web/integrations/phone/toast-text";
import { type FieldErrors, useForm } from "react-hook-form";
import { z } from "zod";
import { useCreatePaymentIntent } from "./use-stripe-test";

/** The form's text → the contract's amount rule, so the messages are the server's. */
const amountForm = z.object({
  amount: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    paymentIntentRequest.shape.amount,
  ),
});
type AmountValues = z.input<typeof amountForm>;

/** "$1.00": Stripe keeps cents; the page shows cents / 100 with two decimals. */
function centsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Payment Integration: the amount (default 100, in dollars) and Create Payment Intent. */
export function TestPaymentCard({ enabled, disabledNote }: { enabled: boolean; disabledNote: string | null }) {
  const form = useForm<AmountValues, unknown, z.output<typeof amountForm>>({
    resolver: zodResolver(amountForm),
    defaultValues: { amount: String(DEFAULT_TEST_AMOUNT) },
  });
  const create = useCreatePaymentIntent();
  const intent: PaymentIntentResponse["paymentIntent"] | undefined = create.data?.paymentIntent;

  const onInvalid = (errors: FieldErrors<AmountValues>) => {
    const message = errors.amount?.message;
    if (message) toast({ ...toastText(message), variant: "destructive" });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Test Payment</CardTitle>
        <CardDescription>Creates a payment intent in Stripe (nothing is charged): amount in US dollars.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) => create.mutate(values.amount), onInvalid)}
          >
            <TextField control={form.control} name="amount" label="Amount (USD)" inputMode="decimal" autoComplete="off" />
            <Button type="submit" disabled={!enabled || create.isPending} className="w-full sm:w-fit">
              {create.isPending && <Spinner />}
              {create.isPending ? "Creating..." : "Create Payment Intent"}
            </Button>
            {disabledNote && <p className="text-sm text-muted-foreground">{disabledNote}</p>}
          </form>
        </Form>
        {intent && (
          <dl
            className="grid gap-3 rounded-md border bg-muted/40 p-4 text-sm sm:grid-cols-2"
            aria-label="Payment intent created"
            data-testid="payment-intent"
          >
            <div className="sm:col-span-2">
              <dt className="text-xs text-muted-foreground">Intent ID</dt>
              <dd className="break-all font-mono">{intent.id}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Amount</dt>
              <dd className="font-medium tabular-nums">{centsText(intent.amount)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Currency</dt>
              <dd className="font-medium">{intent.currency}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Status</dt>
              <dd className="font-medium">{intent.status}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
