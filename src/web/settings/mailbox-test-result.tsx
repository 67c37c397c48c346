import { CheckCircle2, XCircle } from "lucide-react";
import type { MailboxTestOutcome } from "./use-mailbox-actions";

/** Under the mailbox form: this visit's test outcome, else the stored message of the last test, else nothing. */
export function MailboxTestResult({
  testResult,
  lastTestMessage,
}: {
  testResult: MailboxTestOutcome | null;
  lastTestMessage: string | null;
}) {
  if (testResult) {
    return (
      <div
        role="status"
        className={
          testResult.success
            ? "flex gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm"
            : "flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
        }
      >
        {testResult.success ? (
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        ) : (
          <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        )}
        <p className="break-words">{testResult.message}</p>
      </div>
    );
  }
  return lastTestMessage ? <p className="text-sm text-muted-foreground">Last test: {lastTestMessage}</p> : null;
}
