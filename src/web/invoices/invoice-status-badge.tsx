import type { InvoiceStatus } from "@core/contracts/invoices";
import { Badge } from "@web/components/ui/badge";

const LOOK: Record<InvoiceStatus, { label: string; variant: "secondary" | "warning" | "success" | "outline" }> = {
  draft: { label: "Draft", variant: "secondary" },
  sent: { label: "Sent", variant: "warning" },
  paid: { label: "Paid", variant: "success" },
  void: { label: "Void", variant: "outline" },
};

/** The invoice's status as a badge: Draft, Sent (awaiting payment), Paid, Void. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const look = LOOK[status] ?? LOOK.draft;
  return (
    <Badge variant={look.variant} className={status === "void" ? "text-muted-foreground line-through" : undefined}>
      {look.label}
    </Badge>
  );
}
