import type { LandlineStatus, MobileStatus } from "@core/contracts/phone";
import { Badge } from "@web/components/ui/badge";
import type { StatusLooks } from "@web/settings/integration-frame";

/** Landline/Office's badges (the frame's `IntegrationHeader` draws them). */
export const LANDLINE_STATUS_LOOKS: StatusLooks<LandlineStatus> = {
  connected: { label: "Connected", variant: "success" },
  error: { label: "Error", variant: "destructive" },
  disconnected: { label: "Disconnected", variant: "secondary" },
};

/** Mobile/iPhone's badges: "partial" while some of its methods have worked, not all. */
export const MOBILE_STATUS_LOOKS: StatusLooks<MobileStatus> = {
  connected: { label: "Connected", variant: "success" },
  partial: { label: "Partially connected", variant: "warning" },
  configuring: { label: "Configuring", variant: "warning" },
  disconnected: { label: "Disconnected", variant: "secondary" },
};

/** /phone-integration's badges: Active once events have really arrived, else Inactive. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>;
}
