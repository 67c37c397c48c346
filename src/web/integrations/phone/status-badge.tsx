import { Badge } from "@web/components/ui/badge";

type BadgeVariant = "success" | "warning" | "destructive" | "secondary";

const STATUS: Record<string, { label: string; variant: BadgeVariant }> = {
  connected: { label: "Connected", variant: "success" },
  partial: { label: "Partially connected", variant: "warning" },
  configuring: { label: "Configuring", variant: "warning" },
  error: { label: "Error", variant: "destructive" },
  disconnected: { label: "Disconnected", variant: "secondary" },
};

/** A capture integration's status (mobile connected/configuring/partial/disconnected, landline connected/error/disconnected). */
export function PhoneStatusBadge({ status }: { status: string }) {
  const shown = STATUS[status] ?? { label: status, variant: "secondary" as const };
  return (
    <Badge variant={shown.variant} data-testid="integration-status">
      {shown.label}
    </Badge>
  );
}

/** /phone-integration's badges: Active once events have really arrived, else Inactive. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>;
}
