import {
  CLIENT_REQUIRED_FOR_SAVE,
  CLIENT_REQUIRED_FOR_SYNC,
  type CalculateBillingResponse,
  NO_BILLING_CALCULATIONS,
  type SearchedEmail,
  type TrackEmailResponse,
} from "@core/contracts/emails";
import { formatEmailTime } from "@core/duration";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, RefreshCw, Save } from "lucide-react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { apiJson } from "@web/lib/api";
import type { BillingChoice } from "./calculate-billing-card";
import { COMPLEXITY_LABELS, hourlyRate } from "./email-format";
import { formatDecimalMoney } from "@core/money";
import { refreshAfter } from "@web/lib/query-refresh";
import { splitMessage, toastFailure } from "./use-emails";

type Props = {
  billing: CalculateBillingResponse;
  choice: BillingChoice;
  clientName: string | null;
  emails: ReadonlyMap<string, SearchedEmail>;
  currency: string;
  /** Email id → tracked email id, for the emails already saved from this breakdown. */
  saved: ReadonlyMap<string, number>;
  onSaved: (emailId: string, trackedId: number) => void;
};

/** Billing Breakdown with Save to Billing Records and Sync to Accounting. */
export function BillingBreakdownCard({ billing, choice, clientName, emails, currency, saved, onSaved }: Props) {
  const save = useMutation({
    mutationFn: async () => {
      let savedCount = 0;
      let lastMessage = "";
      for (const line of billing.calculations) {
        const email = emails.get(line.emailId);
        if (!email || saved.has(line.emailId)) continue;
        try {
          const result = await apiJson<TrackEmailResponse>("POST", "/api/emails/track", {
            emailData: email,
            clientId: choice.clientId,
            billingCalculation: line,
          });
          onSaved(line.emailId, result.email.id);
          savedCount += 1;
          lastMessage = result.message;
        } catch (error) {
          throw Object.assign(error as Error, { savedCount });
        }
      }
      return { savedCount, lastMessage };
    },
    onSuccess: async ({ savedCount, lastMessage }) => {
      await refreshAfter("emails.tracked");
      toast({
        title: "Email Tracked",
        description:
          savedCount === 1 ? lastMessage : `${savedCount} emails saved to billing records for ${clientName ?? "the client"}.`,
      });
    },
    onError: async (error) => {
      await refreshAfter("emails.tracked");
      toastFailure(error, "Tracking Failed", "Tracking Error: Unable to track email. Please try again.");
    },
  });

  const sync = useMutation({
    mutationFn: async () => {
      const messages: string[] = [];
      for (const trackedId of saved.values()) {
        const result = await apiJson<{ success: boolean; message: string }>("POST", `/api/emails/${trackedId}/sync-accounting`, {
          integrationId: "quickbooks",
        });
        messages.push(result.message);
      }
      return messages;
    },
    onSuccess: async (messages) => {
      await refreshAfter("email.synced");
      toast({ title: "Synced to Accounting", description: messages[0] ?? "Synced." });
    },
    onError: (error) => toastFailure(error, "Sync Failed", "Sync Error: Unable to sync to accounting system."),
  });

  const allSaved = billing.calculations.every((line) => saved.has(line.emailId));
  const handleSave = () => {
    if (billing.calculations.length === 0) return toast({ ...splitMessage(NO_BILLING_CALCULATIONS), variant: "destructive" });
    if (!choice.clientId) return toast({ ...splitMessage(CLIENT_REQUIRED_FOR_SAVE), variant: "destructive" });
    save.mutate();
  };
  const handleSync = () => {
    if (!choice.clientId) return toast({ ...splitMessage(CLIENT_REQUIRED_FOR_SYNC), variant: "destructive" });
    if (saved.size === 0)
      return toast({
        title: "Save First",
        description: "Save the emails to billing records, then sync them to accounting.",
        variant: "destructive",
      });
    sync.mutate();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Billing Breakdown</CardTitle>
        <CardDescription>
          {clientName ? `For ${clientName}` : "No client selected"} at{" "}
          {hourlyRate(billing.calculations[0]?.billingRate ?? choice.billingRate, currency)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="divide-y rounded-lg border" aria-label="Billing per email">
          {billing.calculations.map((line) => (
            <li key={line.emailId} className="grid gap-1 p-3 text-sm">
              <div className="flex items-start justify-between gap-3">
                <span className="min-w-0 font-medium break-words">{line.subject || "(no subject)"}</span>
                <span className="shrink-0 font-semibold tabular-nums">{formatDecimalMoney(line.totalAmount, currency)}</span>
              </div>
              <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                <Badge variant="outline">{COMPLEXITY_LABELS[line.complexity]}</Badge>
                <span className="tabular-nums">{line.wordCount.toLocaleString()} words</span>
                <span aria-hidden="true">·</span>
                <span className="tabular-nums">
                  {line.isInbound
                    ? `Reading ${formatEmailTime(line.readTimeMinutes)}`
                    : `Writing ${formatEmailTime(line.replyTimeMinutes)}`}
                  {line.billedMinutes !== line.totalTimeMinutes ? ` · billed ${formatEmailTime(line.billedMinutes)}` : ""}
                </span>
                {saved.has(line.emailId) ? (
                  <Badge variant="success">
                    <CheckCircle2 aria-hidden="true" />
                    Saved
                  </Badge>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-3 gap-2 rounded-lg bg-muted/50 p-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Emails</dt>
            <dd className="font-semibold tabular-nums">{billing.summary.totalEmails}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Billed time</dt>
            <dd className="font-semibold tabular-nums">
              {formatEmailTime(billing.calculations.reduce((sum, line) => sum + line.billedMinutes, 0))}
            </dd>
          </div>
          <div className="text-right">
            <dt className="text-muted-foreground">Total</dt>
            <dd className="text-lg font-bold tabular-nums">{formatDecimalMoney(billing.summary.totalAmount, currency)}</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="flex flex-col gap-2">
        <Button className="w-full" onClick={handleSave} disabled={save.isPending || allSaved}>
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          {allSaved ? "Saved to Billing Records" : "Save to Billing Records"}
        </Button>
        <Button variant="outline" className="w-full" onClick={handleSync} disabled={sync.isPending}>
          {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          Sync to Accounting
        </Button>
      </CardFooter>
    </Card>
  );
}
