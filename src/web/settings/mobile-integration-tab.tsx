import {
  MOBILE_CARRIER_LABELS,
  MOBILE_CARRIERS,
  type MobileSettingsJson,
  type MobileSettingsRequest,
  mobileSettingsRequest,
} from "@core/contracts/phone";
import { zodResolver } from "@hookform/resolvers/zod";
import { ExtensionField, PhoneNumberField } from "@web/components/phone-number-field";
import { SelectField } from "@web/components/select-field";
import { Form } from "@web/components/ui/form";
import { useAuth } from "@web/hooks/use-auth";
import { EnabledSwitchField } from "@web/integrations/phone/enabled-switch-field";
import { IntegrationMethodsList } from "@web/integrations/phone/integration-methods-list";
import { MOBILE_STATUS_LOOKS } from "@web/integrations/phone/status-badge";
import { useMobileActions, useMobileSettings } from "@web/integrations/phone/use-phone-settings";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { IntegrationActions, IntegrationHeader } from "./integration-frame";
import { IntegrationGate } from "./integration-gate";

const CARRIER_CHOICES = MOBILE_CARRIERS.map((carrier) => ({ value: carrier, label: MOBILE_CARRIER_LABELS[carrier] }));

/**
 * Settings → Integrations → Mobile/iPhone: the carrier, the mobile's number, its
 * status, and how its calls reach Minutely (SMS commands, calls through a Twilio or SignalWire
 * number), each marked working only after a real event of that kind.
 */
export function MobileIntegrationTab() {
  const mobile = useMobileSettings();
  return (
    <IntegrationGate query={mobile} what="mobile integration" fields={4}>
      {(data) => <MobileForm mobile={data} />}
    </IntegrationGate>
  );
}

type MobileFormValues = z.input<typeof mobileSettingsRequest>;

function MobileForm({ mobile }: { mobile: MobileSettingsJson }) {
  const { user } = useAuth();
  const form = useForm<MobileFormValues, unknown, MobileSettingsRequest>({
    resolver: zodResolver(mobileSettingsRequest),
    values: {
      provider: mobile.provider ?? (undefined as unknown as MobileFormValues["provider"]),
      phoneNumber: mobile.phoneNumber ?? "",
      extension: mobile.extension ?? "",
      enabled: mobile.phoneNumber === null ? true : mobile.enabled,
    },
  });
  const { save, test } = useMobileActions();
  const provider = form.watch("provider");
  const phoneNumber = form.watch("phoneNumber");
  const canSave = Boolean(provider) && typeof phoneNumber === "string" && phoneNumber.trim() !== "";
  const isSaved = mobile.phoneNumber !== null;

  return (
    <div className="grid gap-6">
      <IntegrationHeader testId="integration" title="Mobile/iPhone" status={MOBILE_STATUS_LOOKS[mobile.status]} />
      <Form {...form}>
        <form noValidate className="grid gap-6" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <div className="grid items-start gap-6 sm:grid-cols-2">
            <SelectField
              control={form.control}
              name="provider"
              label="Carrier"
              placeholder="Select your carrier"
              choices={CARRIER_CHOICES}
            />
            <PhoneNumberField control={form.control} name="phoneNumber" label="Mobile Phone Number" />
            <ExtensionField control={form.control} name="extension" />
            <EnabledSwitchField
              control={form.control}
              name="enabled"
              description="When off, texts and calls from this number are not captured."
            />
          </div>
          <IntegrationActions
            saving={save.isPending}
            canSave={canSave}
            test={{ pending: test.isPending, run: () => test.mutate(), label: "Test", disabled: !isSaved }}
            disconnect={null}
          />
        </form>
      </Form>
      {mobile.integrationMethods.length > 0 ? (
        <section aria-labelledby="mobile-methods-heading" className="grid gap-3">
          <h3 id="mobile-methods-heading" className="font-semibold">
            Integration methods
          </h3>
          <IntegrationMethodsList methods={mobile.integrationMethods} timeZone={user?.timezone} />
        </section>
      ) : null}
      <SmsCommandsHowTo />
    </div>
  );
}

/** The SMS fallback: two commands texted from this mobile to the account's Twilio or SignalWire number. */
function SmsCommandsHowTo() {
  return (
    <section aria-labelledby="sms-howto-heading" className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
      <h3 id="sms-howto-heading" className="font-semibold">
        Track calls by text message
      </h3>
      <ol className="grid list-decimal gap-1 pl-5 text-muted-foreground">
        <li>
          Set up your Twilio or SignalWire number under <span className="font-medium text-foreground">Landline/Office</span> and
          paste its Messaging webhook URL into the number's settings.
        </li>
        <li>
          When a call begins, text <code className="rounded bg-muted px-1 font-mono text-foreground">CALL_START</code> from this
          mobile to that number, optionally followed by the client's name or number, e.g.{" "}
          <code className="rounded bg-muted px-1 font-mono text-foreground">CALL_START Jane Doe</code>.
        </li>
        <li>
          When it ends, text <code className="rounded bg-muted px-1 font-mono text-foreground">CALL_END</code>. Minutely replies
          with what it recorded, and the call is priced for the client.
        </li>
      </ol>
    </section>
  );
}
