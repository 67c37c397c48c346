import type { InvoiceJson } from "@core/contracts/invoices";
import { LEDES_FORMAT_NAMES, LEDES_FORMATS } from "@core/ledes/model";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { FileCheck2, FileCode2 } from "lucide-react";
import { useState } from "react";
import { type LedesExport, LedesExportDialog } from "./ledes-export-dialog";
import { useLedesChecks, useLegalBillingEnabled } from "./use-legal-billing";

/** On an invoice, while legal e-billing is on: "Export LEDES 1998B", "Export LEDES XML 2.1", and "Checked" once marked. */
export function LedesExportButtons({ invoice }: { invoice: InvoiceJson }) {
  const enabled = useLegalBillingEnabled();
  const checks = useLedesChecks(enabled);
  const [exporting, setExporting] = useState<LedesExport | null>(null);
  if (!enabled || invoice.status === "void") return null;
  const checked = checks.data?.find((check) => check.invoiceId === invoice.id);
  return (
    <>
      {LEDES_FORMATS.map((format) => (
        <Button key={format} variant="outline" size="sm" onClick={() => setExporting({ invoice, format })}>
          <FileCode2 aria-hidden="true" />
          Export {LEDES_FORMAT_NAMES[format]}
        </Button>
      ))}
      {checked ? (
        <Badge variant="outline" className="gap-1" title={`Checked as ${LEDES_FORMAT_NAMES[checked.format]}`}>
          <FileCheck2 aria-hidden="true" className="size-3" />
          Checked
        </Badge>
      ) : null}
      <LedesExportDialog exporting={exporting} onOpenChange={(open) => (open ? null : setExporting(null))} />
    </>
  );
}
