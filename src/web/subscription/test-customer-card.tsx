import { testCustomerRequest, type TestCustomerResponse } from "@core/contracts/stripe";
import { zodResolver } from "@hookform/resolvers/zod";
import { EmailField } from "@web/components/email-field";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { toastText } from "@web/integrations/phone/toast-text";
import { type FieldErrors, useForm } from "react-hook-form";
import type { z } from "zod";
import { useCreateTestCustomer } from "./use-stripe-test";

const customerForm = testCustomerRequest.pick({ email: true, name: true });
type CustomerValues = z.input<typeof customerForm>;

/** Customer Management: email (required), optional name, Create Test Customer. */
export function TestCustomerCard({ enabled, disabledNote }: { enabled: boolean; disabledNote: string | null }) {
  const form = useForm<CustomerValues, unknown, z.output<typeof customerForm>>({
    resolver: zodResolver(customerForm),
    defaultValues: { email: "", name: "" },
  });
  const create = useCreateTestCustomer();
  const customer: TestCustomerResponse["customer"] | undefined = create.data?.customer;

  const onInvalid = (errors: FieldErrors<CustomerValues>) => {
    const message = errors.email?.message ?? errors.name?.message;
    if (message) toast({ ...toastText(message), variant: "destructive" });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Customer Management</CardTitle>
        <CardDescription>Creates a test customer in Stripe.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => create.mutate(values), onInvalid)}>
            <EmailField control={form.control} name="email" label="Customer email" autoComplete="off" />
            <TextField control={form.control} name="name" label="Name (optional)" autoComplete="off" />
            <Button type="submit" disabled={!enabled || create.isPending} className="w-full sm:w-fit">
              {create.isPending && <Spinner />}
              {create.isPending ? "Creating..." : "Create Test Customer"}
            </Button>
            {disabledNote && <p className="text-sm text-muted-foreground">{disabledNote}</p>}
          </form>
        </Form>
        {customer && (
          <dl
            className="grid gap-3 rounded-md border bg-muted/40 p-4 text-sm sm:grid-cols-3"
            aria-label="Customer created"
            data-testid="test-customer"
          >
            <div>
              <dt className="text-xs text-muted-foreground">Customer ID</dt>
              <dd className="break-all font-mono">{customer.id}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Email</dt>
              <dd className="break-all font-medium">{customer.email}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Name</dt>
              <dd className="font-medium">{customer.name || "—"}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
