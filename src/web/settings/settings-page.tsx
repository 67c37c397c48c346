import type { SettingsResponse } from "@core/contracts/settings";
import { PageHeader } from "@web/components/page-header";
import { QueryGate } from "@web/components/query-gate";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { can, type Permission } from "@core/permissions";
import { useAuth } from "@web/hooks/use-auth";
import { Bell, CreditCard, KeyRound, type LucideIcon, Plug, ScrollText, User, Users, Wallet } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { useSearchParams } from "wouter";
import { AuditLog } from "@web/audit/audit-log";
import { ApiTab } from "./api-tab";
import { BillingSettingsForm } from "./billing-settings-form";
import { useEmailVerificationOutcome } from "./email-verification";
import { FieldsSkeleton } from "./fields-skeleton";
import { IntegrationsTab } from "./integrations-tab";
import { LegalBillingSection } from "./legal-billing-section";
import { NotificationsTab } from "./notifications-tab";
import { PlanBillingTab } from "./plan-billing-tab";
import { ProfileSettingsForm } from "./profile-settings-form";
import { RepriceCallsSection } from "./reprice-calls-section";
import { TeamTab } from "./team-tab";
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
    // Members connect their own capture sources here; the practice's (accounting, mailbox) stay owner/admin's.
    permission: "integrations:connect-own",
    icon: Plug,
    label: "Integrations",
    title: "Integrations",
    description: "Connect your phones, meeting platforms, mail and accounting software.",
    content: () => <IntegrationsTab />,
  },
  {
    value: "billing",
    permission: "settings:write",
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
    permission: "billing:manage",
    icon: Wallet,
    label: "Plan & Billing",
    title: "Plan & Billing",
    description: "Your Minutely plan, billing cycle, trial and payments.",
    content: () => <PlanBillingTab />,
  },
  {
    value: "profile",
    permission: "settings:write",
    icon: User,
    label: "Profile",
    title: "Profile",
    description: "Your name and sign-in email, your practice and its time zone.",
    content: () => <WithSettings form={ProfileSettingsForm} fields={6} />,
  },
  {
    value: "team",
    permission: "members:manage",
    icon: Users,
    label: "Team",
    title: "Team",
    description: "Who works in your practice, their roles, and the invitations still open.",
    content: () => <TeamTab />,
  },
  {
    value: "notifications",
    permission: "account:use",
    icon: Bell,
    label: "Notifications",
    title: "Notifications",
    description: "Choose what Minutely tells you about.",
    content: () => <NotificationsTab />,
  },
  {
    value: "api",
    permission: "account:use",
    icon: KeyRound,
    label: "API",
    title: "API",
    description: "Personal API tokens for your other systems, such as a billing system.",
    content: () => <ApiTab />,
  },
  {
    value: "audit",
    permission: "audit:read",
    icon: ScrollText,
    label: "Audit log",
    title: "Audit log",
    description: "Every change to clients, calls, emails, invoices, prices, integrations and sign-ins: who, when, from where, before and after.",
    content: () => <AuditLog />,
  },
] as const satisfies readonly {
  value: string;
  /** What a role needs to see the tab (core/permissions.ts); the server refuses the rest anyway. */
  permission: Permission;
  icon: LucideIcon;
  label: string;
  title: string;
  description: string;
  content: () => ReactNode;
}[];
type Tab = (typeof TABS)[number]["value"];

/** The tabs this role may open, in order (a member sees Notifications only until §2 gives them their own profile). */
function tabsFor(role: string | undefined) {
  return TABS.filter((tab) => role !== undefined && can(role, tab.permission));
}

/**
 * Settings: Integrations (default), Billing, Plan & Billing, Profile, Team, Notifications, API, Audit log;
 * `?tab=profile` opens a tab directly. Each role sees the tabs core/permissions.ts allows it.
 */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  const tabs = tabsFor(user?.role);
  const requested = params.get("tab");
  const tab: Tab = tabs.find((t) => t.value === requested)?.value ?? tabs[0]?.value ?? "notifications";
  useEmailVerificationOutcome();

  return (
    <>
      <PageHeader title="Settings" description="Manage your integrations, billing defaults and profile." />
      <Tabs value={tab} onValueChange={(next) => setParams({ tab: next }, { replace: true })}>
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          {tabs.map(({ value, icon: Icon, label }) => (
            <TabsTrigger key={value} value={value} className="flex-none">
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, title, description, content }) => (
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
