import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { RefreshCw } from "lucide-react";
import { useForm } from "react-hook-form";
import { DateRangeFields } from "./date-range-fields";
import { type DateRangeFormValues, dateRangeForm, monthToDate, toDateRange } from "./date-range-form";
import { useSyncAll } from "./use-financial-actions";

/**
 * Sync Settings: From and To, then Sync Revenue Data sends the invoices
 * issued in that range to every enabled integration; the toast says how many succeeded.
 */
export function SyncSettingsTab() {
  const { user } = useAuth();
  const syncAll = useSyncAll();
  const form = useForm<DateRangeFormValues>({
    resolver: zodResolver(dateRangeForm),
    defaultValues: monthToDate(user?.timezone ?? "UTC"),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sync revenue data</CardTitle>
        <CardDescription>
          Sends the invoices issued between these dates, with their clients and payments, to every enabled integration. Leave a
          date empty for no limit. Syncing again updates what is already there and never creates it twice.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form noValidate className="grid gap-6" onSubmit={form.handleSubmit((range) => syncAll.mutate(toDateRange(range)))}>
            <DateRangeFields control={form.control} />
            <Button type="submit" className="w-fit" disabled={syncAll.isPending}>
              {syncAll.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              Sync Revenue Data
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
