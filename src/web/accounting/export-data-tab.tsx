import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { Download } from "lucide-react";
import { useForm } from "react-hook-form";
import { DateRangeFields } from "./date-range-fields";
import { type DateRangeFormValues, dateRangeForm, toDateRange } from "./date-range-form";
import { useRevenueExport } from "./use-revenue-export";

/**
 * Export Data: the revenue CSV, one row per invoice line, money as decimals in
 * the account's currency, saved as revenue-export-{date}.csv. The range is optional.
 */
export function ExportDataTab() {
  const revenueExport = useRevenueExport();
  const form = useForm<DateRangeFormValues>({
    resolver: zodResolver(dateRangeForm),
    defaultValues: { from: "", to: "" },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Export revenue data</CardTitle>
        <CardDescription>
          A CSV file with one row per invoice line: invoice number, client, dates, description, quantity and amounts. Any
          spreadsheet or accounting package opens it. Leave the dates empty to export every invoice.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-6"
            onSubmit={form.handleSubmit((range) => revenueExport.mutate(toDateRange(range)))}
          >
            <DateRangeFields control={form.control} />
            <Button type="submit" className="w-fit" disabled={revenueExport.isPending}>
              {revenueExport.isPending ? <Spinner /> : <Download aria-hidden="true" />}
              Export Revenue CSV
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
