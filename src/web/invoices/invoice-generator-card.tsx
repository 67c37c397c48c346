import {
  DATE_RANGE_REQUIRED,
  INVOICE_TEMPLATES,
  type InvoiceGeneratorForm,
  type InvoiceJson,
  invoiceGeneratorForm,
  toCreateInvoicesRequest,
} from "@core/contracts/invoices";
import { periodRange } from "@core/period";
import { zodResolver } from "@hookform/resolvers/zod";
import { Download, FileText, Mail } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { SelectField } from "@web/components/select-field";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { useClients } from "@web/clients/use-clients";
import { useAuth } from "@web/hooks/use-auth";
import { toast } from "@web/hooks/use-toast";
import { capitalize } from "@web/lib/format";
import { pdfUrl, useCreateInvoices, useInvoices } from "./use-invoices";

const TEMPLATE_HINTS: Record<(typeof INVOICE_TEMPLATES)[number], string> = {
  professional: "Navy header band, details table, classic layout.",
  modern: "Indigo accent and an amount-due card up top.",
  minimal: "Black and white, hairlines and whitespace.",
};

const TEMPLATE_CHOICES = INVOICE_TEMPLATES.map((template) => ({ value: template, label: capitalize(template) }));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/invoices?client=ID&from=DAY&to=DAY` (Analytics' "Create invoice" on unbilled work) opens the
 * generator with that client and period chosen; anything else leaves the fields empty.
 */
function prefillFromAddress(): Pick<InvoiceGeneratorForm, "dateFrom" | "dateTo" | "clientId"> {
  const params = new URLSearchParams(window.location.search);
  const client = params.get("client") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  return {
    dateFrom: DAY.test(from) ? from : "",
    dateTo: DAY.test(to) ? to : "",
    clientId: /^\d+$/.test(client) ? client : "all",
  };
}

/**
 * The invoice-generation card: period, client ("All Clients" or one), template,
 * Generate Invoice. Download PDF and Send Email act on the invoice just generated.
 */
export function InvoiceGeneratorCard({ onSend }: { onSend: (invoice: InvoiceJson) => void }) {
  const { user } = useAuth();
  const clients = useClients();
  const [generated, setGenerated] = useState<InvoiceJson[]>([]);
  const invoices = useInvoices();
  const form = useForm({
    resolver: zodResolver(invoiceGeneratorForm),
    defaultValues: { ...prefillFromAddress(), template: "professional" } satisfies InvoiceGeneratorForm,
  });
  const create = useCreateInvoices((result) => setGenerated(result.invoices));
  // The invoice just generated, as the list knows it now (it may have been sent meanwhile).
  const just = generated.length === 1 ? generated[0] : undefined;
  const single = just ? (invoices.items.find((invoice) => invoice.id === just.id) ?? just) : undefined;

  const fillMonth = (offset: 0 | -1) => {
    const timezone = user?.timezone ?? "UTC";
    const now = new Date();
    const current = periodRange({ kind: "month", timezone, now });
    const [year, month] = current.startDate.split("-").map(Number) as [number, number];
    const range =
      offset === 0
        ? current
        : periodRange({ kind: "month", timezone, now, year: month === 1 ? year - 1 : year, month: month === 1 ? 12 : month - 1 });
    form.setValue("dateFrom", range.startDate, { shouldValidate: true });
    form.setValue("dateTo", range.endDate, { shouldValidate: true });
  };

  const handleSubmit = form.handleSubmit(
    (values) => create.mutate(toCreateInvoicesRequest(invoiceGeneratorForm.parse(values))),
    (errors) => {
      if (errors.dateFrom?.message === DATE_RANGE_REQUIRED || errors.dateTo?.message === DATE_RANGE_REQUIRED) {
        toast({ title: "Failed to generate invoice", description: DATE_RANGE_REQUIRED, variant: "destructive" });
      }
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Generate Invoice</CardTitle>
        <CardDescription>Bill every unbilled call and email in a period.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Invoice period</legend>
              <div className="grid grid-cols-2 items-start gap-3">
                <FormField
                  control={form.control}
                  name="dateFrom"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel className="text-xs text-muted-foreground">From</FormLabel>
                      <FormControl>
                        <Input type="date" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="dateTo"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel className="text-xs text-muted-foreground">To</FormLabel>
                      <FormControl>
                        <Input type="date" {...field} />
                      </FormControl>
                      {form.formState.errors.dateTo?.message === form.formState.errors.dateFrom?.message ? null : <FormMessage />}
                    </FormItem>
                  )}
                />
              </div>
              <div className="flex gap-2">
                <Button variant="ghost" size="sm" onClick={() => fillMonth(0)}>
                  This month
                </Button>
                <Button variant="ghost" size="sm" onClick={() => fillMonth(-1)}>
                  Last month
                </Button>
              </div>
            </fieldset>
            <SelectField
              control={form.control}
              name="clientId"
              label="Client"
              placeholder="All Clients"
              triggerClassName="w-full"
              choices={[
                { value: "all", label: "All Clients" },
                ...(clients.data ?? []).map((client) => ({ value: String(client.id), label: client.name })),
              ]}
            />
            <SelectField
              control={form.control}
              name="template"
              label="Template"
              triggerClassName="w-full"
              choices={TEMPLATE_CHOICES}
              description={TEMPLATE_HINTS[form.watch("template")]}
            />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : <FileText aria-hidden="true" />}
              Generate Invoice
            </Button>
            <div className="grid grid-cols-2 gap-2">
              <Button
                variant="outline"
                asChild={Boolean(single)}
                disabled={!single}
                title={single ? undefined : "Generate one invoice first"}
              >
                {single ? (
                  <a href={pdfUrl(single.id, true)} download>
                    <Download aria-hidden="true" />
                    Download PDF
                  </a>
                ) : (
                  <>
                    <Download aria-hidden="true" />
                    Download PDF
                  </>
                )}
              </Button>
              <Button
                variant="outline"
                disabled={single?.status !== "draft"}
                onClick={() => single && onSend(single)}
                title={single ? undefined : "Generate one invoice first"}
              >
                <Mail aria-hidden="true" />
                Send Email
              </Button>
            </div>
            {generated.length > 1 ? (
              <p className="text-sm text-muted-foreground" role="status">
                {generated.length} invoices generated, one per client. Download or send each from Recent Invoices.
              </p>
            ) : null}
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
