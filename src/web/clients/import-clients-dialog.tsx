import type { ClientImportPreviewJson, ClientImportResultJson } from "@core/contracts/client-import";
import { useMutation } from "@tanstack/react-query";
import { FileUp } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { refreshAfter } from "@web/lib/query-refresh";
import { cn } from "@web/lib/utils";

/** The largest file read in the browser: the server refuses more than 1 MB of text. */
const MAX_FILE_BYTES = 1_000_000;

/**
 * "Import clients" (docs/first-run.md): a CSV of name, email, phone, company and rate. Choosing the file
 * shows a preview with each row's errors and warnings; Import is possible only when no row has an
 * error, and then imports every row at once (the server imports all or nothing).
 */
export function ImportClientsDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported?: (result: ClientImportResultJson) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Import clients</DialogTitle>
          <DialogDescription>
            A CSV file whose first line names the columns: name, email, phone, company, rate. Email and phone are used to match
            captured calls.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <ImportForm
            onCancel={() => onOpenChange(false)}
            onImported={(result) => {
              onOpenChange(false);
              onImported?.(result);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ImportForm({ onCancel, onImported }: { onCancel: () => void; onImported: (result: ClientImportResultJson) => void }) {
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: (text: string) => apiJson<ClientImportPreviewJson>("POST", "/api/clients/import/preview", { csv: text }),
    onSuccess: async () => {
      await refreshAfter("clients.previewed");
    },
    onError: (error) => setFileError(serverMessage(error, "The file could not be read")),
  });
  const importAll = useMutation({
    mutationFn: (text: string) => apiJson<ClientImportResultJson>("POST", "/api/clients/import", { csv: text }),
    onSuccess: async (result) => {
      await refreshAfter("clients.imported");
      toast({ title: "Clients imported", description: result.message });
      onImported(result);
    },
    onError: (error) => {
      toast({ title: "Import failed", description: serverMessage(error, "Nothing was imported."), variant: "destructive" });
    },
  });

  async function handleFile(file: File | undefined) {
    setFileError(null);
    preview.reset();
    setCsv(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError("The file is larger than 1 MB: split it into smaller files");
      return;
    }
    const text = await file.text();
    setCsv(text);
    preview.mutate(text);
  }

  const data = preview.data;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={fileId}>CSV file</Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${fileId}-hint`}
          onChange={(event) => handleFile(event.target.files?.[0])}
        />
        <p id={`${fileId}-hint`} className={cn("text-sm", fileError ? "text-destructive" : "text-muted-foreground")}>
          {fileError ?? "Exported from a spreadsheet or your address book; other columns are left out."}
        </p>
      </div>
      {preview.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Reading the file…
        </p>
      ) : null}
      {data ? <Preview data={data} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={importAll.isPending}>
          Cancel
        </Button>
        <Button
          disabled={!data || !csv || data.invalid > 0 || importAll.isPending}
          onClick={() => csv && importAll.mutate(csv)}
        >
          {importAll.isPending ? <Spinner /> : <FileUp aria-hidden="true" />}
          {data && data.invalid === 0 ? `Import ${data.valid} ${data.valid === 1 ? "client" : "clients"}` : "Import"}
        </Button>
      </DialogFooter>
    </div>
  );
}

function Preview({ data }: { data: ClientImportPreviewJson }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm" role="status">
        {data.invalid === 0
          ? `${data.valid} ${data.valid === 1 ? "client is" : "clients are"} ready to import.`
          : `${data.invalid} ${data.invalid === 1 ? "row has" : "rows have"} errors: fix the file and choose it again. Nothing is imported while a row has an error.`}
        {data.ignoredColumns.length > 0 ? ` Left out: ${data.ignoredColumns.join(", ")}.` : ""}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className="max-h-80 overflow-auto rounded-lg border" tabIndex={0} aria-label="Preview of the clients to import">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-muted text-xs">
            <tr>
              <th scope="col" className="px-3 py-2">Line</th>
              <th scope="col" className="px-3 py-2">Name</th>
              <th scope="col" className="px-3 py-2">Email</th>
              <th scope="col" className="px-3 py-2">Phone</th>
              <th scope="col" className="px-3 py-2">Company</th>
              <th scope="col" className="px-3 py-2 text-right">Rate</th>
              <th scope="col" className="px-3 py-2">Check</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {data.rows.map((row) => (
              <tr key={row.line} data-testid="import-row" className={row.errors.length ? "bg-destructive/5" : undefined}>
                <td className="px-3 py-2 tabular-nums">{row.line}</td>
                <td className="px-3 py-2 font-medium">{row.name}</td>
                <td className="px-3 py-2">{row.email}</td>
                <td className="px-3 py-2">{row.phone}</td>
                <td className="px-3 py-2">{row.company}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.rate}</td>
                <td className="px-3 py-2">
                  {row.errors.map((error) => (
                    <p key={error} className="text-destructive">
                      {error}
                    </p>
                  ))}
                  {row.warnings.map((warning) => (
                    <p key={warning} className="text-warning">
                      {warning}
                    </p>
                  ))}
                  {row.errors.length + row.warnings.length === 0 ? <span className="text-muted-foreground">OK</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
