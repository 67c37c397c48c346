import { CalendarFeedTab } from "@web/capture/calendar/calendar-feed-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
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
export const INTEGRATION_SUBTABS: { value: string; label: string; component: ComponentType }[] = [
  { value: "mobile", label: "Mobile/iPhone", component: MobileIntegrationTab },
  { value: "landline", label: "Landline/Office", component: LandlineIntegrationTab },
  { value: "financial", label: "Financial", component: FinancialIntegrationTab },
  { value: "zoom", label: "Zoom", component: ZoomIntegrationTab },
  { value: "teams", label: "Teams", component: TeamsIntegrationTab },
  { value: "meet", label: "Meet", component: MeetIntegrationTab },
  { value: "calendar", label: "Calendar", component: CalendarFeedTab },
  { value: "email", label: "Email", component: EmailIntegrationTab },
];

/** `?sub=meet` opens a sub-tab directly (an OAuth consent returns to its own sub-tab). */
export function IntegrationsTab() {
  const [params] = useSearchParams();
  const requested = params.get("sub");
  const first = INTEGRATION_SUBTABS.some((tab) => tab.value === requested) ? requested! : INTEGRATION_SUBTABS[0]?.value;
  return (
    <Tabs defaultValue={first}>
      <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
        {INTEGRATION_SUBTABS.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className="flex-none">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {INTEGRATION_SUBTABS.map(({ value, component: Panel }) => (
        <TabsContent key={value} value={value}>
          <Panel />
        </TabsContent>
      ))}
    </Tabs>
  );
}
