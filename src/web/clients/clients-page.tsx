import type { ClientResponse } from "@core/contracts/clients";
import { Plus, Upload } from "lucide-react";
import { useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import { FROM_SETUP } from "@web/first-run/setup-links";
import { ImportClientsDialog } from "./import-clients-dialog";
import { PageHeader } from "@web/components/page-header";
import { Button } from "@web/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { ClientFormDialog } from "./client-form-dialog";
import { ClientList } from "./client-list";
import { DeleteClientDialog } from "./delete-client-dialog";
import { InvoicingClientLog } from "@web/invoices/invoicing-client-log";

type Tab = "list" | "log";

/** Clients: the Client List and Client Log tabs, and the add, edit and delete dialogs. */
export default function ClientsPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  // The setup guide opens the exact dialog (?add=1, ?import=1) and, once it is done, goes back to the dashboard.
  const fromSetup = params.get("from") === FROM_SETUP;
  const backToSetup = () => fromSetup && navigate("/");
  const [tab, setTab] = useState<Tab>("list");
  const [logClientId, setLogClientId] = useState<number | undefined>(undefined);
  const [adding, setAdding] = useState(() => params.get("add") === "1");
  const [importing, setImporting] = useState(() => params.get("import") === "1");
  const [editing, setEditing] = useState<ClientResponse | null>(null);
  const [deleting, setDeleting] = useState<ClientResponse | null>(null);

  return (
    <>
      <PageHeader
        title="Clients"
        description="Your clients, their rates and their billable time."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" />
              Import CSV
            </Button>
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Add Client
            </Button>
          </div>
        }
      />
      <Tabs value={tab} onValueChange={(next) => setTab(next as Tab)}>
        <TabsList>
          <TabsTrigger value="list">Client List</TabsTrigger>
          <TabsTrigger value="log">Client Log</TabsTrigger>
        </TabsList>
        <TabsContent value="list">
          <ClientList
            onAdd={() => setAdding(true)}
            onEdit={setEditing}
            onDelete={setDeleting}
            onViewLog={(client) => {
              setLogClientId(client.id);
              setTab("log");
            }}
          />
        </TabsContent>
        <TabsContent value="log">
          <InvoicingClientLog key={logClientId ?? "all"} initialClientId={logClientId} />
        </TabsContent>
      </Tabs>
      <ClientFormDialog open={adding} onOpenChange={setAdding} onSaved={backToSetup} />
      <ImportClientsDialog open={importing} onOpenChange={setImporting} onImported={backToSetup} />
      <ClientFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} client={editing ?? undefined} />
      <DeleteClientDialog client={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
