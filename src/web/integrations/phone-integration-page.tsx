import { PageHeader } from "@web/components/page-header";
import { QueryGate } from "@web/components/query-gate";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { FieldsSkeleton } from "@web/settings/fields-skeleton";
import { CallTestCard } from "./phone/call-test-card";
import { PhoneConfigForm } from "./phone/phone-config-form";
import { PhoneStatusCard } from "./phone/phone-status-card";
import { usePhoneIntegration } from "./use-phone-integration";

/**
 * Phone Integration: which capture paths are active, the user's own number, and the
 * call test that proves a real call or text from it reaches Minutely. Signed out, the route shows
 * Access Denied (routes.tsx).
 */
export default function PhoneIntegrationPage() {
  const phone = usePhoneIntegration();
  return (
    <>
      <PageHeader
        title="Phone Integration"
        description="Capture your phone calls automatically: set your number, then test that a call reaches Minutely."
      />
      <div className="grid gap-6">
        <PhoneStatusCard />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Configuration</CardTitle>
              <CardDescription>
                Your own number: calls from and to it are captured, and texts from it can start and end calls.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <QueryGate
                query={phone}
                loading={<FieldsSkeleton fields={4} label="Loading phone configuration" />}
                errorMessage="Your phone configuration could not be loaded."
              >
                {(data) => <PhoneConfigForm saved={data} />}
              </QueryGate>
            </CardContent>
          </Card>
          <CallTestCard saved={phone.data} />
        </div>
      </div>
    </>
  );
}
