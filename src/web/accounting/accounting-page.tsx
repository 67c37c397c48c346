import { PageHeader } from "@web/components/page-header";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { Download, RefreshCw } from "lucide-react";
import { ExportDataTab } from "./export-data-tab";
import { IntegrationsGrid } from "./integrations-grid";
import { SyncSettingsTab } from "./sync-settings-tab";
import { useConnectOutcome } from "./use-connect-outcome";
import { useSyncAll } from "./use-financial-actions";
import { useRevenueExport } from "./use-revenue-export";

/**
 * /financial-integrations (docs/accounting.md): the accounting connections. Header: Export
 * CSV and Sync Now; tabs Integrations (default), Sync Settings and Export Data.
 */
export default function AccountingPage() {
  useConnectOutcome();
  const syncAll = useSyncAll();
  const revenueExport = useRevenueExport();
  return (
    <>
      <PageHeader
        title="Financial Integrations"
        description="Send your invoices and payments to your accounting software, or export them as CSV."
        actions={
          <>
            <Button variant="outline" disabled={revenueExport.isPending} onClick={() => revenueExport.mutate(undefined)}>
              {revenueExport.isPending ? <Spinner /> : <Download aria-hidden="true" />}
              Export CSV
            </Button>
            <Button disabled={syncAll.isPending} onClick={() => syncAll.mutate(undefined)}>
              {syncAll.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              Sync Now
            </Button>
          </>
        }
      />
      <Tabs defaultValue="integrations">
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          <TabsTrigger value="integrations" className="flex-none">
            Integrations
          </TabsTrigger>
          <TabsTrigger value="sync" className="flex-none">
            Sync Settings
          </TabsTrigger>
          <TabsTrigger value="export" className="flex-none">
            Export Data
          </TabsTrigger>
        </TabsList>
        <TabsContent value="integrations">
          <IntegrationsGrid />
        </TabsContent>
        <TabsContent value="sync">
          <SyncSettingsTab />
        </TabsContent>
        <TabsContent value="export">
          <ExportDataTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
