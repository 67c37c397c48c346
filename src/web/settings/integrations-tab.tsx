import { CalendarFeedTab } from "@web/capture/calendar/calendar-feed-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { can, type Permission } from "@core/permissions";
import { MemberConnections } from "@web/integrations/member-connections";
import { useAuth } from "@web/hooks/use-auth";
import type { ComponentType } from "react";
import { useSearchParams } from "wouter";
import { EmailIntegrationTab } from "./email-integration-tab";
import { FinancialIntegrationTab } from "./financial-integration-tab";
import { LandlineIntegrationTab } from "./landline-integration-tab";
import { MeetIntegrationTab } from "./meet-integration-tab";
import { MobileIntegrationTab } from "./mobile-integration-tab";
import { TeamsIntegrationTab } from "./teams-integration-tab";
import { ZoomIntegrationTab } from "./zoom-integration-tab";

/**
 * The Integrations tab's sub-tabs. Adding one is one line here:
 * `{ value: "email", label: "Email", component: EmailIntegrationSettings }`.
 */
export const INTEGRATION_SUBTABS: { value: string; label: string; component: ComponentType; permission: Permission }[] = [
  { value: "mobile", label: "Mobile/iPhone", component: MobileIntegrationTab, permission: "integrations:connect-own" },
  { value: "landline", label: "Landline/Office", component: LandlineIntegrationTab, permission: "integrations:connect-own" },
  { value: "financial", label: "Financial", component: FinancialIntegrationTab, permission: "integrations:manage" },
  { value: "zoom", label: "Zoom", component: ZoomIntegrationTab, permission: "integrations:connect-own" },
  { value: "teams", label: "Teams", component: TeamsIntegrationTab, permission: "integrations:connect-own" },
  { value: "meet", label: "Meet", component: MeetIntegrationTab, permission: "integrations:connect-own" },
  { value: "calendar", label: "Calendar", component: CalendarFeedTab, permission: "integrations:connect-own" },
  // The mailbox is still one per practice (docs/team.md): owner and admin's until it moves onto the integrations store.
  { value: "email", label: "Email", component: EmailIntegrationTab, permission: "integrations:manage" },
];

/** `?sub=meet` opens a sub-tab directly (an OAuth consent returns to its own sub-tab). */
export function IntegrationsTab() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const subtabs = INTEGRATION_SUBTABS.filter((tab) => user && can(user.role, tab.permission));
  const requested = params.get("sub");
  const first = subtabs.some((tab) => tab.value === requested) ? requested! : subtabs[0]?.value;
  return (
    // The sub-tabs first: the connections list loads after them and must not move them while they are used.
    <div>
      <SubTabs subtabs={subtabs} first={first} />
      <div className="mt-8">
        <MemberConnections />
      </div>
    </div>
  );
}

function SubTabs({ subtabs, first }: { subtabs: typeof INTEGRATION_SUBTABS; first: string | undefined }) {
  return (
    <Tabs defaultValue={first}>
      <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
        {subtabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className="flex-none">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {subtabs.map(({ value, component: Panel }) => (
        <TabsContent key={value} value={value}>
          <Panel />
        </TabsContent>
      ))}
    </Tabs>
  );
}
