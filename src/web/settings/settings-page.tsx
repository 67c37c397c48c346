import type { SettingsResponse } from "@core/contracts/settings";
import { Bell, CreditCard, Plug, User } from "lucide-react";
import type { ComponentType } from "react";
import { useSearchParams } from "wouter";
import { PageHeader } from "@web/components/page-header";
import { QueryGate } from "@web/components/query-gate";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { BillingSettingsForm } from "./billing-settings-form";
import { FieldsSkeleton } from "./fields-skeleton";
import { useEmailVerificationOutcome } from "./email-verification";
import { IntegrationsTab } from "./integrations-tab";
import { NotificationsTab } from "./notifications-tab";
import { ProfileSettingsForm } from "./profile-settings-form";
import { RepriceCallsSection } from "./reprice-calls-section";
import { useSettings } from "./use-settings";

const TABS = ["integrations", "billing", "profile", "notifications"] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab === value);
}

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

/** Settings (spec 001): Integrations (default), Billing, Profile and Notifications; `?tab=profile` opens a tab directly. */
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
          <TabsTrigger value="integrations" className="flex-none">
            <Plug aria-hidden="true" />
            Integrations
          </TabsTrigger>
          <TabsTrigger value="billing" className="flex-none">
            <CreditCard aria-hidden="true" />
            Billing
          </TabsTrigger>
          <TabsTrigger value="profile" className="flex-none">
            <User aria-hidden="true" />
            Profile
          </TabsTrigger>
          <TabsTrigger value="notifications" className="flex-none">
            <Bell aria-hidden="true" />
            Notifications
          </TabsTrigger>
        </TabsList>
        <TabsContent value="integrations">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Integrations</CardTitle>
              <CardDescription>Connect your phones, meeting platforms, mail and accounting software.</CardDescription>
            </CardHeader>
            <CardContent>
              <IntegrationsTab />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="billing">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Billing Settings</CardTitle>
              <CardDescription>
                Defaults for every client without its own rate. Calls already priced keep the rate they were priced with.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <WithSettings form={BillingSettingsForm} fields={7} />
              <RepriceCallsSection />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="profile">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Profile</CardTitle>
              <CardDescription>Your name and sign-in email, your practice and its time zone.</CardDescription>
            </CardHeader>
            <CardContent>
              <WithSettings form={ProfileSettingsForm} fields={6} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="notifications">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Notifications</CardTitle>
              <CardDescription>Choose what Minutely tells you about.</CardDescription>
            </CardHeader>
            <CardContent>
              <NotificationsTab />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </>
  );
}
