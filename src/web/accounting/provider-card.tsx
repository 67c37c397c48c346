import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { formatEventTime } from "@web/integrations/phone/toast-text";
import { DisconnectButton } from "@web/settings/disconnect-button";
import { Download, Link2, Power, RefreshCw, Settings2 } from "lucide-react";
import { useId, useState } from "react";
import { chosenSummary, missingChoiceMessage } from "@core/accounting/choices";
import { ChoicesButton } from "./choices-dialog";
import { ConfigureDialog } from "./configure-dialog";
import { InvoiceResultsButton } from "./invoice-sync-results";
import { isRunActive, lastSyncText, type ProviderCardModel, runProgressText, STATUS_BADGES } from "./provider-cards-model";
import {
  useConnectIntegration,
  useDisconnectIntegration,
  useSyncIntegration,
  useToggleIntegration,
} from "./use-financial-actions";
import { useImportFileDownload } from "./use-revenue-export";

/**
 * One provider on the Integrations tab (docs/accounting.md): status badge,
 * feature tags, last sync or "Never", Connect or Configure, Enable/Disable and Sync Now when
 * connected, the latest run's progress and the per-invoice results (a dialog), and Disconnect asked once.
 */
export function ProviderCard({ card }: { card: ProviderCardModel }) {
  const { provider, record, status } = card;
  const { user } = useAuth();
  const [configuring, setConfiguring] = useState(false);
  const titleId = useId();
  const badge = STATUS_BADGES[status];
  const run = record?.latestRun ?? null;
  const runActive = isRunActive(run);
  const progress = runProgressText(run);
  const connected = status === "connected" && record !== null;
  const chosen = connected ? chosenSummary(provider.id, record.config) : [];
  const missingChoice = connected ? missingChoiceMessage(provider.id, record.config) : null;

  return (
    <Card role="region" aria-labelledby={titleId} className="gap-4" data-testid={`provider-card-${provider.id}`}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle as="h2" id={titleId} className="text-lg">
            {provider.name}
          </CardTitle>
          <Badge variant={badge.variant} data-testid="provider-status">
            {badge.label}
          </Badge>
        </div>
        <CardDescription>{provider.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ul className="flex flex-wrap gap-1.5" aria-label="Features">
          {provider.features.map((feature) => (
            <li key={feature}>
              <Badge variant="outline">{feature}</Badge>
            </li>
          ))}
        </ul>
        {record?.organisationName && status === "connected" ? (
          <p data-testid="provider-organisation">
            <span className="text-muted-foreground">Company: </span>
            <span className="font-medium">{record.organisationName}</span>
          </p>
        ) : null}
        {chosen.length > 0 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="provider-choices">
            {chosen.map((row) => (
              <div key={row.label} className="contents">
                <dt className="text-muted-foreground">{row.label}</dt>
                <dd className="font-medium break-words">{row.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {missingChoice ? (
          <p className="rounded-lg border border-warning/50 bg-warning/10 p-3 break-words" data-testid="provider-missing-choice">
            {missingChoice}
          </p>
        ) : null}
        {record && !record.enabled ? <p className="text-muted-foreground">Disabled: syncs skip this integration.</p> : null}
        <p className="text-muted-foreground tabular-nums" data-testid="provider-last-sync">
          {lastSyncText(record?.lastSync ?? null, (instant) => formatEventTime(instant, user?.timezone))}
        </p>
        {progress ? (
          <p className="flex items-center gap-2 tabular-nums" aria-live="polite" data-testid="provider-run-progress">
            {runActive ? <Spinner /> : null}
            {progress}
            {run?.message && !runActive && (run.failed > 0 || run.state === "failed") ? (
              <span className="text-muted-foreground">· {run.message}</span>
            ) : null}
          </p>
        ) : null}
        {provider.note ? <p className="rounded-lg bg-muted p-3 text-muted-foreground">{provider.note}</p> : null}
        {/* A refused consent leaves the provider's words here too (docs/security.md), on a card not connected. */}
        {status !== "connected" && record?.lastError ? (
          <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 break-words">
            <span className="font-medium">Last error: </span>
            {record.lastError}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="mt-auto flex-wrap gap-2">
        <CardActions card={card} onConfigure={() => setConfiguring(true)} />
      </CardFooter>
      {record && provider.syncsOverApi ? (
        <div className="border-t px-6 pt-3">
          <InvoiceResultsButton integrationRecordId={record.id} providerName={provider.name} runActive={runActive} />
        </div>
      ) : null}
      <ConfigureDialog provider={provider} record={record} open={configuring} onOpenChange={setConfiguring} />
    </Card>
  );
}

function CardActions({ card, onConfigure }: { card: ProviderCardModel; onConfigure: () => void }) {
  const { provider, record, status, needsConnect, canSyncNow } = card;
  const toggle = useToggleIntegration();
  const sync = useSyncIntegration();
  const connect = useConnectIntegration();
  const disconnect = useDisconnectIntegration();
  const importFile = useImportFileDownload();
  // An OAuth connection the provider stopped honouring (consent revoked, refresh token refused): consent again.
  const canReconnect = provider.method === "oauth" && record !== null && record.authorized && status === "error";
  return (
    <>
      <Button type="button" variant={needsConnect ? "default" : "outline"} onClick={onConfigure}>
        {needsConnect ? <Link2 aria-hidden="true" /> : <Settings2 aria-hidden="true" />}
        {needsConnect ? "Connect" : "Configure"}
        <span className="sr-only"> {provider.name}</span>
      </Button>
      {canReconnect && record ? (
        <Button type="button" variant="outline" disabled={connect.isPending} onClick={() => connect.mutate(record)}>
          {connect.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
          Reconnect
        </Button>
      ) : null}
      {status === "connected" && record ? (
        <ChoicesButton provider={provider} record={record} prominent={missingChoiceMessage(provider.id, record.config) !== null} />
      ) : null}
      {canSyncNow && record ? (
        <Button
          type="button"
          variant="outline"
          disabled={sync.isPending || !record.enabled || isRunActive(record.latestRun)}
          onClick={() => sync.mutate(record)}
        >
          {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          Sync Now
          <span className="sr-only"> {provider.name}</span>
        </Button>
      ) : null}
      {status === "connected" && record ? (
        <Button type="button" variant="outline" disabled={toggle.isPending} onClick={() => toggle.mutate(record)}>
          {toggle.isPending ? <Spinner /> : <Power aria-hidden="true" />}
          {record.enabled ? "Disable" : "Enable"}
          <span className="sr-only"> {provider.name}</span>
        </Button>
      ) : null}
      {provider.id === "timberline" && record ? (
        <Button type="button" variant="outline" disabled={importFile.isPending} onClick={() => importFile.mutate({ record })}>
          {importFile.isPending ? <Spinner /> : <Download aria-hidden="true" />}
          Download import file
        </Button>
      ) : null}
      {record ? (
        <DisconnectButton
          pending={disconnect.isPending}
          onConfirm={() => disconnect.mutate(record)}
          title={`Disconnect ${provider.name}?`}
          description={`Minutely forgets the ${provider.name} credentials and stops syncing. What was already synced stays in ${provider.name}, and Minutely keeps which of its records match yours, so connecting the same company again never creates duplicates.`}
        />
      ) : null}
    </>
  );
}
