import type { InvoiceJson } from "@core/contracts/invoices";
import type { LedesCheckJson, LedesIssueJson } from "@core/contracts/legal-billing";
import { LEDES_FORMAT_NAMES, type LedesFormat } from "@core/ledes/model";
import { QueryGate } from "@web/components/query-gate";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { AlertTriangle, CheckCircle2, Download } from "lucide-react";
import { LineCodesForm } from "./line-codes-form";
import { ledesFileUrl, useLedesCheck, useMarkLedesChecked } from "./use-legal-billing";

export type LedesExport = { invoice: InvoiceJson; format: LedesFormat };

/**
 * "Export LEDES …" (docs/ledes.md): before the download, the file is checked the way e-billing
 * portals check it, and every problem is said per line and field; a draft's lines can be recoded
 * right here. A clean file can be marked as checked; a file with problems can still be downloaded.
 */
export function LedesExportDialog({
  exporting,
  onOpenChange,
}: {
  exporting: LedesExport | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={exporting !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            Export {exporting ? LEDES_FORMAT_NAMES[exporting.format] : "LEDES"} · {exporting?.invoice.invoiceNumber}
          </DialogTitle>
          <DialogDescription>Checked the way e-billing portals check an upload, before you download it.</DialogDescription>
        </DialogHeader>
        {exporting ? <CheckedExport key={`${exporting.invoice.id}-${exporting.format}`} {...exporting} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CheckedExport({ invoice, format }: LedesExport) {
  const check = useLedesCheck(invoice.id, format);
  return (
    <QueryGate
      query={check}
      loading={<Skeleton className="h-40 w-full" aria-label="Checking the file" />}
      errorMessage="The file could not be checked."
    >
      {(data) => <CheckResult check={data} />}
    </QueryGate>
  );
}

function CheckResult({ check }: { check: LedesCheckJson }) {
  const mark = useMarkLedesChecked();
  const errors = check.issues.filter((issue) => issue.severity === "error");
  const fileIssues = check.issues.filter((issue) => issue.itemId === null);
  const linesWithIssues = check.lines.filter((line) => check.issues.some((issue) => issue.itemId === line.itemId));
  return (
    <div className="grid gap-4">
      {check.issues.length === 0 ? (
        <p
          className="flex items-center gap-2 rounded-md border border-emerald-600/40 bg-emerald-600/10 p-3 text-sm"
          role="status"
        >
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" />
          No problems: the file passes the checks e-billing portals apply.
        </p>
      ) : (
        <div className="grid gap-3" role="alert">
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive" />
            {errors.length} problem{errors.length === 1 ? "" : "s"} a portal would refuse
          </p>
          {fileIssues.length > 0 ? <IssueList issues={fileIssues} /> : null}
          {linesWithIssues.map((line) => (
            <section key={line.itemId} className="grid gap-2 rounded-md border p-3" aria-label={`Line ${line.position}`}>
              <h3 className="text-sm font-semibold">
                Line {line.position} · {line.workDate} · <span className="font-normal">{line.description}</span>
              </h3>
              <IssueList issues={check.issues.filter((issue) => issue.itemId === line.itemId)} />
              {check.editable ? (
                <LineCodesForm
                  key={`${line.matterId}-${line.taskCode}-${line.activityCode}`}
                  compact
                  target={{ kind: "item", id: line.itemId }}
                  initial={{ matterId: line.matterId, taskCode: line.taskCode, activityCode: line.activityCode }}
                  matters={check.matters}
                  idPrefix={`line-${line.itemId}`}
                />
              ) : null}
            </section>
          ))}
          {!check.editable && linesWithIssues.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              This invoice has been sent, so its lines cannot change: void it and generate a replacement.
            </p>
          ) : null}
        </div>
      )}
      <p className="text-sm text-muted-foreground" data-testid="ledes-checked-state">
        {check.checkedAt ? `Marked as checked on ${new Date(check.checkedAt).toLocaleString()}.` : "Not marked as checked yet."}
      </p>
      <DialogFooter className="gap-2">
        <Button
          variant="outline"
          disabled={errors.length > 0 || mark.isPending}
          onClick={() => mark.mutate({ invoiceId: check.invoiceId, format: check.format })}
        >
          {mark.isPending ? <Spinner /> : <CheckCircle2 aria-hidden="true" />}
          Mark as checked
        </Button>
        <Button asChild variant={errors.length > 0 ? "outline" : "default"}>
          <a href={ledesFileUrl(check.invoiceId, check.format)} download={check.fileName}>
            <Download aria-hidden="true" />
            {errors.length > 0 ? "Download anyway" : `Download ${check.fileName}`}
          </a>
        </Button>
      </DialogFooter>
    </div>
  );
}

function IssueList({ issues }: { issues: LedesIssueJson[] }) {
  return (
    <ul className="grid gap-1 text-sm">
      {issues.map((issue) => (
        <li key={`${issue.location}-${issue.rule}-${issue.field}-${issue.message}`} data-testid="ledes-issue">
          {issue.itemId === null ? <span className="text-muted-foreground">{issue.location} · </span> : null}
          {issue.fieldLabel ? (
            <span className="font-medium">
              {issue.fieldLabel}
              {issue.field ? <span className="font-normal text-muted-foreground"> ({issue.field})</span> : null}:{" "}
            </span>
          ) : null}
          {issue.message}
        </li>
      ))}
    </ul>
  );
}
