import type { SettingsResponse } from "@core/contracts/settings";
import { PageHeader } from "@web/components/page-header";
import { QueryGate } from "@web/components/query-gate";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { Bell, CreditCard, type LucideIcon, Plug, ScrollText, User, Wallet } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { useSearchParams } from "wouter";
import { AuditLog } from "@web/audit/audit-log";
import { BillingSettingsForm } from "./billing-settings-form";
import { useEmailVerificationOutcome } from "./email-verification";
import { FieldsSkeleton } from "./fields-skeleton";
import { IntegrationsTab } from "./integrations-tab";
import { LegalBillingSection } from "./legal-billing-section";
import { NotificationsTab } from "./notifications-tab";
import { PlanBillingTab } from "./plan-billing-tab";
import { ProfileSettingsForm } from "./profile-settings-form";
import { RepriceCallsSection } from "./reprice-calls-section";
import { useSettings } from "./use-settings";

/** A tab's form once the settings have loaded, skeletons the size of the form until then. */
function WithSettings({ form: FormComponent, fields }: { form: ComponentType<{ settings: SettingsResponse }>; fields: number }) {
  const settings = useSettings();
  return (
    <QueryGate
      query={settings}
      loading={<FieldsSkeleton fields={fields} label="Loading settings" />}
      errorMessage="Your settings could not be loaded."
    >
      {(data) => <FormComponent settings={data} />}
    </QueryGate>
  );
}

/** The tabs in order: trigger (icon, label), then the card the tab shows (title, description, content). */
const TABS = [
  {
    value: "integrations",
    icon: Plug,
    label: "Integrations",
    title: "Integrations",
    description: "Connect your phones, meeting platforms, mail and accounting software.",
    content: () => <IntegrationsTab />,
  },
  {
    value: "billing",
    icon: CreditCard,
    label: "Billing",
    title: "Billing Settings",
    description: "Defaults for every client without its own rate. Calls already priced keep the rate they were priced with.",
    content: () => (
      <>
        <WithSettings form={BillingSettingsForm} fields={7} />
        <RepriceCallsSection />
        <LegalBillingSection />
      </>
    ),
  },
  {
    value: "plan",
    icon: Wallet,
    label: "Plan & Billing",
    title: "Plan & Billing",
    description: "Your Minutely plan, billing cycle, trial and payments.",
    content: () => <PlanBillingTab />,
  },
  {
    value: "profile",
    icon: User,
    label: "Profile",
    title: "Profile",
    description: "Your name and sign-in email, your practice and its time zone.",
    content: () => <WithSettings form={ProfileSettingsForm} fields={6} />,
  },
  {
    value: "notifications",
    icon: Bell,
    label: "Notifications",
    title: "Notifications",
    description: "Choose what Minutely tells you about.",
    content: () => <NotificationsTab />,
  },
  {
    value: "audit",
    icon: ScrollText,
    label: "Audit log",
    title: "Audit log",
    description: "Every change to clients, calls, emails, invoices, prices, integrations and sign-ins: who, when, from where, before and after.",
    content: () => <AuditLog />,
  },
] as const satisfies readonly {
  value: string;
  icon: LucideIcon;
  label: string;
  title: string;
  description: string;
  content: () => ReactNode;
}[];
type Tab = (typeof TABS)[number]["value"];

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab.value === value);
}

/** Settings: Integrations (default), Billing, Profile and Notifications; `?tab=profile` opens a tab directly. */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "integrations";
  useEmailVerificationOutcome();

  return (
    <>
      <PageHeader title="Settings" description="Manage your integrations, billing defaults and profile." />
      <Tabs value={tab} onValueChange={(next) => setParams({ tab: next }, { replace: true })}>
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          {TABS.map(({ value, icon: Icon, label }) => (
            <TabsTrigger key={value} value={value} className="flex-none">
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, title, description, content }) => (
          <TabsContent key={value} value={value}>
            <Card>
              <CardHeader>
                <CardTitle as="h2">{title}</CardTitle>
                <CardDescription>{description}</CardDescription>
              </CardHeader>
              <CardContent>{content()}</CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
