import { ACCOUNTING_PROVIDERS, type AccountingProviderId, accountingProvider } from "@core/accounting/providers";
import type { FinancialIntegrationJson } from "@core/contracts/financial-integrations";
import { zodResolver } from "@hookform/resolvers/zod";
import { ChoiceSelect } from "@web/components/choice-select";
import { Button } from "@web/components/ui/button";
import { Form } from "@web/components/ui/form";
import { Label } from "@web/components/ui/label";
import { Spinner } from "@web/components/ui/spinner";
import {
  type ConfigFieldName,
  type ConfigFormOutput,
  type ConfigFormValues,
  configFormDefaults,
  configFormSchema,
} from "@web/accounting/config-form";
import { lastSyncText, providerCards, STATUS_BADGES } from "@web/accounting/provider-cards-model";
import { ProviderConfigFields } from "@web/accounting/provider-config-fields";
import { useConnectIntegration } from "@web/accounting/use-financial-actions";
import { useFinancialIntegrations } from "@web/accounting/use-financial-integrations";
import { useClearSecret, useSetupExport, useSetupIntegration, useSetupSync } from "@web/accounting/use-financial-setup";
import { useAuth } from "@web/hooks/use-auth";
import { formatEventTime } from "@web/integrations/phone/toast-text";
import { serverMessage } from "@web/lib/api";
import { ArrowRight, Download, Link2, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { IntegrationActions, IntegrationHeader, LastErrorAlert } from "./integration-frame";
import { IntegrationGate } from "./integration-gate";

const PROVIDER_CHOICES = ACCOUNTING_PROVIDERS.map((provider) => ({ value: provider.id, label: provider.name }));

/**
 * Settings → Integrations → Financial: pick a provider, fill its
 * settings, Save (POST /setup), Sync and Export; the full page has the cards, ranges and results.
 */
export function FinancialIntegrationTab() {
  const integrations = useFinancialIntegrations();
  return (
    <IntegrationGate query={integrations} what="financial integrations" fields={4}>
      {(records) => <FinancialSettings records={records} />}
    </IntegrationGate>
  );
}

function FinancialSettings({ records }: { records: FinancialIntegrationJson[] }) {
  const [providerId, setProviderId] = useState<AccountingProviderId>(
    () => records.find((record) => record.status === "connected")?.integrationId ?? "quickbooks",
  );
  const selectId = useId();
  const card = providerCards(records).find((candidate) => candidate.provider.id === providerId);
  return (
    <div className="grid gap-6">
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={selectId}>Provider</Label>
        <ChoiceSelect
          id={selectId}
          value={providerId}
          onValueChange={(value) => setProviderId(value as AccountingProviderId)}
          choices={PROVIDER_CHOICES}
        />
      </div>
      {card ? <ProviderSettings key={providerId} providerId={providerId} record={card.record} status={card.status} /> : null}
      <p className="text-sm text-muted-foreground">
        <Link
          href="/financial-integrations"
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          Open Financial Integrations
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>{" "}
        for every provider's status, date ranges, per-invoice results and the revenue export.
      </p>
    </div>
  );
}

function ProviderSettings({
  providerId,
  record,
  status,
}: {
  providerId: AccountingProviderId;
  record: FinancialIntegrationJson | null;
  status: keyof typeof STATUS_BADGES;
}) {
  const provider = accountingProvider(providerId);
  const { user } = useAuth();
  const storedSecrets = record?.storedSecrets ?? [];
  const setup = useSetupIntegration();
  const sync = useSetupSync();
  const exportCsv = useSetupExport();
  const connect = useConnectIntegration();
  const clearSecret = useClearSecret();
  const form = useForm<ConfigFormValues, unknown, ConfigFormOutput>({
    resolver: zodResolver(configFormSchema(provider, storedSecrets)),
    defaultValues: configFormDefaults(provider, record),
  });
  const awaitingConsent = provider.method === "oauth" && record !== null && !record.authorized;
  return (
    <div className="grid gap-6">
      <IntegrationHeader
        testId="financial"
        status={STATUS_BADGES[status]}
        detail={
          <>
            {record?.organisationName && status === "connected" ? (
              <span className="mr-3 font-medium text-foreground">{record.organisationName}</span>
            ) : null}
            <span>{lastSyncText(record?.lastSync ?? null, (instant) => formatEventTime(instant, user?.timezone))}</span>
          </>
        }
      />
      <p className="text-sm text-muted-foreground">{provider.note ?? provider.description}</p>
      <LastErrorAlert error={status === "error" ? (record?.lastError ?? null) : null} />
      <Form {...form}>
        <form
          noValidate
          className="grid gap-6"
          onSubmit={form.handleSubmit((config) => setup.mutate({ integrationId: provider.id, config }))}
        >
          {provider.fields.length > 0 ? (
            <ProviderConfigFields
              provider={provider}
              control={form.control}
              storedSecrets={storedSecrets}
              clear={
                record
                  ? {
                      clearing: clearSecret.isPending ? (clearSecret.variables?.name ?? null) : null,
                      // Cleared on the server: whatever was typed in the field goes too.
                      run: (name) =>
                        clearSecret.mutate(
                          { record, name },
                          { onSuccess: () => form.resetField(name as ConfigFieldName, { defaultValue: "" }) },
                        ),
                    }
                  : undefined
              }
            />
          ) : (
            <p className="text-sm">CSV Export needs no settings: Save enables it, and Export downloads your invoice lines.</p>
          )}
          {setup.error ? (
            <p role="alert" className="text-sm text-destructive">
              {serverMessage(setup.error, "The settings could not be saved.")}
            </p>
          ) : null}
          <IntegrationActions saving={setup.isPending} disconnect={null}>
            {awaitingConsent && record ? (
              <Button type="button" variant="outline" disabled={connect.isPending} onClick={() => connect.mutate(record)}>
                {connect.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
                Connect to {provider.name}
              </Button>
            ) : null}
            <Button
              type="button"
              variant="outline"
              disabled={!record || sync.isPending}
              onClick={() => record && sync.mutate(record)}
            >
              {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              Sync
            </Button>
            <Button type="button" variant="outline" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
              {exportCsv.isPending ? <Spinner /> : <Download aria-hidden="true" />}
              Export
            </Button>
          </IntegrationActions>
        </form>
      </Form>
    </div>
  );
}
