import type { SearchedEmail } from "@core/contracts/emails";
import { emailComplexity } from "@core/email-estimate";
import { formatEmailTime } from "@core/duration";
import { ArrowDownLeft, ArrowUpRight, Inbox } from "lucide-react";
import { EmptyState } from "@web/components/empty-state";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Checkbox } from "@web/components/ui/checkbox";
import { COMPLEXITY_LABELS, messageDate } from "./email-format";

/** Results list with a checkbox per email; the list scrolls at a maximum height. */
export function SearchResultsCard({
  results,
  query,
  selected,
  onSelectedChange,
}: {
  results: SearchedEmail[];
  query: string;
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
}) {
  const allSelected = results.length > 0 && results.every((email) => selected.has(email.id));
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle as="h2">Search Results</CardTitle>
          <CardDescription>
            {results.length} email{results.length === 1 ? "" : "s"} matching “{query}” · {selected.size} selected
          </CardDescription>
        </div>
        {results.length > 0 ? (
          <div className="flex items-center gap-2 text-sm">
            <Checkbox
              id="email-results-select-all"
              checked={allSelected}
              onCheckedChange={(checked) => onSelectedChange(checked === true ? new Set(results.map((e) => e.id)) : new Set())}
            />
            <label htmlFor="email-results-select-all">Select all</label>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {results.length === 0 ? (
          <EmptyState icon={Inbox} title="No emails found">
            Try fewer or different words from the subject.
          </EmptyState>
        ) : (
          <ul className="max-h-[28rem] divide-y overflow-y-auto rounded-lg border" aria-label="Emails found">
            {results.map((email, index) => {
              const checkboxId = `email-result-${index}`;
              return (
                <li key={email.id} className="flex gap-3 p-3 has-[button[data-state=checked]]:bg-accent/50">
                  <Checkbox
                    id={checkboxId}
                    className="mt-0.5"
                    checked={selected.has(email.id)}
                    onCheckedChange={(checked) => toggle(email.id, checked === true)}
                  />
                  <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer">
                    <span className="block font-medium break-words">{email.subject || "(no subject)"}</span>
                    <span className="block text-sm text-muted-foreground break-all">
                      {email.isInbound ? `From ${email.sender}` : `To ${email.recipient}`} · {messageDate(email.timestamp)}
                    </span>
                    <span className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                      <Badge variant={email.isInbound ? "secondary" : "outline"}>
                        {email.isInbound ? <ArrowDownLeft aria-hidden="true" /> : <ArrowUpRight aria-hidden="true" />}
                        {email.isInbound ? "Inbound" : "Outbound"}
                      </Badge>
                      <Badge variant="outline">{COMPLEXITY_LABELS[emailComplexity(email.wordCount)]}</Badge>
                      <span className="tabular-nums">{email.wordCount.toLocaleString()} words</span>
                      <span aria-hidden="true">·</span>
                      <span className="tabular-nums">
                        {email.isInbound
                          ? `Read ${formatEmailTime(email.estimatedReadTime)} · Reply ~${formatEmailTime(email.estimatedReplyTime)}`
                          : `Writing ${formatEmailTime(email.estimatedReplyTime)}`}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
