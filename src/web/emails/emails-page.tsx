import { consentFailureOrNull, consentFailureText } from "@core/contracts/consent-outcome";
import type { CalculateBillingResponse, SearchEmailsResponse, SearchedEmail } from "@core/contracts/emails";
import { PageHeader } from "@web/components/page-header";
import { useAuth } from "@web/hooks/use-auth";
import { toast } from "@web/hooks/use-toast";
import { refreshAfter } from "@web/lib/query-refresh";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import { BillingBreakdownCard } from "./billing-breakdown-card";
import { type BillingChoice, CalculateBillingCard } from "./calculate-billing-card";
import { EmailSearchCard } from "./email-search-card";
import { MailboxStatusCard } from "./mailbox-status-card";
import { RecentEmailActivity } from "./recent-email-activity";
import { SearchResultsCard } from "./search-results-card";
import { useClientChoices, useMailbox } from "./use-emails";

/**
 * Email Time Tracking: search the mailbox by subject, select emails, calculate
 * billing, save each as tracked, optionally sync to accounting.
 */
export default function EmailsPage() {
  const { user } = useAuth();
  const currency = user?.currency ?? "usd";
  const mailbox = useMailbox();
  const clients = useClientChoices();
  const [search, setSearch] = useState<SearchEmailsResponse | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [billing, setBilling] = useState<{
    response: CalculateBillingResponse;
    choice: BillingChoice;
    emails: Map<string, SearchedEmail>;
  } | null>(null);
  const [saved, setSaved] = useState<Map<string, number>>(new Map());
  useOAuthOutcome();

  const selectedEmails = useMemo(() => (search?.results ?? []).filter((email) => selected.has(email.id)), [search, selected]);
  const clientName = billing?.choice.clientId
    ? (clients.data?.find((client) => client.id === billing.choice.clientId)?.name ?? null)
    : null;

  const handleResults = (response: SearchEmailsResponse) => {
    setSearch(response);
    setSelected(new Set());
  };
  const handleCalculated = (response: CalculateBillingResponse, choice: BillingChoice) => {
    setBilling({ response, choice, emails: new Map(selectedEmails.map((email) => [email.id, email])) });
    setSaved(new Map());
  };

  return (
    <>
      <PageHeader
        title="Email Time Tracking"
        description="Find a client's emails by subject and bill the time spent reading and writing them."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 content-start gap-6">
          <MailboxStatusCard mailbox={mailbox.data} isLoading={mailbox.isLoading} error={mailbox.error} />
          <EmailSearchCard mailbox={mailbox.data} onResults={handleResults} />
          {search ? (
            <SearchResultsCard results={search.results} query={search.query} selected={selected} onSelectedChange={setSelected} />
          ) : null}
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <CalculateBillingCard selectedEmails={selectedEmails} onCalculated={handleCalculated} />
          {billing ? (
            <BillingBreakdownCard
              billing={billing.response}
              choice={billing.choice}
              clientName={clientName}
              emails={billing.emails}
              currency={currency}
              saved={saved}
              onSaved={(emailId, trackedId) => setSaved((previous) => new Map(previous).set(emailId, trackedId))}
            />
          ) : null}
        </div>
      </div>
      <div className="mt-6">
        <RecentEmailActivity currency={currency} />
      </div>
    </>
  );
}

/**
 * After "Connect with Google/Microsoft" the server sends the browser here with ?oauth=connected or
 * ?oauth=error&reason={code}: fixed words only, never text from the address (docs/security.md).
 */
function useOAuthOutcome(): void {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const outcome = params.get("oauth");
  const reason = consentFailureOrNull(params.get("reason"));
  useEffect(() => {
    if (!outcome || shown.current) return;
    shown.current = true;
    if (outcome === "connected") {
      toast({ title: "Mailbox Connected", description: "Your mailbox is connected. Search it by subject below." });
      void refreshAfter("mailbox.connected");
    } else {
      toast({
        title: "Connection Failed",
        description: consentFailureText(reason, "Your mail provider"),
        variant: "destructive",
      });
    }
    setParams({}, { replace: true });
  }, [outcome, reason, setParams]);
}
