import {
  isTwilioCompatible,
  LANDLINE_PROVIDER_LABELS,
  LANDLINE_PROVIDERS,
  type LandlineSettingsJson,
  type LandlineSettingsRequest,
  landlineSettingsRequest,
} from "@core/contracts/phone";
import { zodResolver } from "@hookform/resolvers/zod";
import { ExtensionField, PhoneNumberField } from "@web/components/phone-number-field";
import { SelectField } from "@web/components/select-field";
import { TextField } from "@web/components/text-field";
import { Form } from "@web/components/ui/form";
import { useAuth } from "@web/hooks/use-auth";
import { EnabledSwitchField } from "@web/integrations/phone/enabled-switch-field";
import { LandlineWebhookSetup } from "@web/integrations/phone/landline-webhook-setup";
import { LANDLINE_STATUS_LOOKS } from "@web/integrations/phone/status-badge";
import {
  toastInvalidField,
  useClearLandlineSecret,
  useLandlineSettings,
  useSaveLandline,
} from "@web/integrations/phone/use-phone-settings";
import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import type { z } from "zod";
import { IntegrationActions, IntegrationHeader, StoredSecretField } from "./integration-frame";
import { IntegrationGate } from "./integration-gate";
import { ReconcileCard } from "./reconcile-card";

const PROVIDER_CHOICES = LANDLINE_PROVIDERS.map((provider) => ({ value: provider, label: LANDLINE_PROVIDER_LABELS[provider] }));

/**
 * Settings → Integrations → Landline/Office: the provider, the office number and
 * its status; Twilio and SignalWire take the account SID and auth token that sign their callbacks,
 * the other providers get a signed generic webhook. After saving, the URLs to paste are shown.
 */
export function LandlineIntegrationTab() {
  const landline = useLandlineSettings();
  return (
    <IntegrationGate query={landline} what="landline integration" fields={4}>
      {(data) => <LandlineForm landline={data} />}
    </IntegrationGate>
  );
}

type LandlineFormValues = z.input<typeof landlineSettingsRequest>;

/** Twilio's credentials only for the providers that use them; a blank token keeps the stored one. */
function toRequest(values: LandlineSettingsRequest): LandlineSettingsRequest {
  const { accountSid, authToken, webhookSharedKey, spaceUrl, apiToken, ...rest } = values;
  if (!isTwilioCompatible(values.provider)) return rest;
  const twilioOnly = values.provider === "twilio" && webhookSharedKey ? { webhookSharedKey } : {};
  const signalWireOnly =
    values.provider === "signalwire" ? { ...(spaceUrl ? { spaceUrl } : {}), ...(apiToken ? { apiToken } : {}) } : {};
  // An empty space stays unsaved (the stored one is kept).
  return {
    ...rest,
    ...(accountSid ? { accountSid } : {}),
    ...(authToken ? { authToken } : {}),
    ...twilioOnly,
    ...signalWireOnly,
  };
}

/** What a stored secret's field says on this tab. */
const KEEP_IT = "Stored — leave blank to keep it.";

function LandlineForm({ landline }: { landline: LandlineSettingsJson }) {
  const { user } = useAuth();
  const [signingSecret, setSigningSecret] = useState<string | null>(null);
  const form = useForm<LandlineFormValues, unknown, LandlineSettingsRequest>({
    resolver: zodResolver(landlineSettingsRequest),
    values: {
      provider: landline.provider ?? "twilio",
      phoneNumber: landline.phoneNumber ?? "",
      extension: landline.extension ?? "",
      enabled: landline.provider === null ? true : landline.enabled,
      accountSid: landline.accountSid ?? "",
      authToken: "",
      webhookSharedKey: "",
      spaceUrl: landline.spaceUrl ?? "",
      apiToken: "",
    },
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSaveLandline((saved) => {
    if (saved.signingSecret) setSigningSecret(saved.signingSecret);
    form.resetField("authToken", { defaultValue: "" });
    form.resetField("webhookSharedKey", { defaultValue: "" });
    form.resetField("apiToken", { defaultValue: "" });
  });
  const clearSecret = useClearLandlineSecret();
  /** The field's "Clear": erased on the server, and whatever was typed in the field goes too. */
  const clearOf = (name: "authToken" | "webhookSharedKey" | "apiToken") => ({
    pending: clearSecret.isPending && clearSecret.variables === name,
    run: () => clearSecret.mutate(name, { onSuccess: () => form.resetField(name, { defaultValue: "" }) }),
  });
  const provider = form.watch("provider");
  const usesTwilioCredentials = isTwilioCompatible(provider);
  const providerChanged = landline.provider !== null && provider !== landline.provider;

  const handleInvalid = (errors: FieldErrors<LandlineFormValues>) => {
    const first = errors.phoneNumber?.message ?? errors.provider?.message ?? errors.extension?.message;
    if (first) toastInvalidField(first);
  };

  return (
    <div className="grid gap-6">
      <IntegrationHeader testId="integration" title="Landline/Office" status={LANDLINE_STATUS_LOOKS[landline.status]} />
      <Form {...form}>
        <form
          noValidate
          className="grid gap-6"
          onSubmit={form.handleSubmit((values) => save.mutate(toRequest(values)), handleInvalid)}
        >
          <div className="grid items-start gap-6 sm:grid-cols-2">
            <SelectField
              control={form.control}
              name="provider"
              label="Phone Provider"
              choices={PROVIDER_CHOICES}
              description={providerChanged ? "Saving switches the landline to this provider." : undefined}
            />
            <PhoneNumberField control={form.control} name="phoneNumber" label="Office Phone Number" />
            <ExtensionField control={form.control} name="extension" />
            {usesTwilioCredentials ? (
              <>
                <TextField
                  control={form.control}
                  name="accountSid"
                  label={provider === "signalwire" ? "Project ID" : "Account SID"}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={provider === "signalwire" ? "" : "AC…"}
                  description={
                    provider === "signalwire"
                      ? "From your SignalWire space's API page."
                      : "From your Twilio console's Account Info."
                  }
                />
                <StoredSecretField
                  control={form.control}
                  name="authToken"
                  label={provider === "signalwire" ? "Signing Key" : "Auth Token"}
                  stored={landline.hasAuthToken && !providerChanged}
                  storedHint={KEEP_IT}
                  clear={clearOf("authToken")}
                  hint="Signs every callback; Minutely refuses requests without a valid signature. Stored encrypted."
                />
                {provider === "twilio" ? (
                  <StoredSecretField
                    control={form.control}
                    name="webhookSharedKey"
                    label="Webhook Shared Key (optional)"
                    stored={landline.hasWebhookSharedKey && !providerChanged}
                    storedHint={KEEP_IT}
                    clear={clearOf("webhookSharedKey")}
                    hint="Only if a Twilio Webhooks Rule signs these URLs with a shared key (HMAC-SHA256): that key's secret."
                  />
                ) : (
                  <>
                    <TextField
                      control={form.control}
                      name="spaceUrl"
                      label="Space URL"
                      autoComplete="off"
                      spellCheck={false}
                      placeholder="example.signalwire.com"
                      description="Your SignalWire space; with an API token, Minutely reads its call list to recover calls whose callback was lost."
                    />
                    <StoredSecretField
                      control={form.control}
                      name="apiToken"
                      label="API Token (optional)"
                      stored={landline.hasApiToken && !providerChanged}
                      storedHint={KEEP_IT}
                      clear={clearOf("apiToken")}
                      hint="A project API token with Voice read access, for reconciliation. Stored encrypted."
                    />
                  </>
                )}
              </>
            ) : null}
            <EnabledSwitchField
              control={form.control}
              name="enabled"
              description="When off, this provider's events are refused and nothing is captured."
            />
          </div>
          <IntegrationActions saving={save.isPending} disconnect={null} />
        </form>
      </Form>
      {landline.provider === null ? (
        <p className="text-sm text-muted-foreground">
          Save your line to get the webhook URLs to paste into your provider's console.
        </p>
      ) : providerChanged ? (
        <p className="text-sm text-muted-foreground">Save to get the URLs for {LANDLINE_PROVIDER_LABELS[provider]}.</p>
      ) : (
        <LandlineWebhookSetup landline={landline} signingSecret={signingSecret} timeZone={user?.timezone} />
      )}
      {landline.provider !== null && !providerChanged && isTwilioCompatible(landline.provider) ? (
        <ReconcileCard source="landline" />
      ) : null}
    </div>
  );
}
