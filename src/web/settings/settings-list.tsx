import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { CopyField } from "@web/integrations/phone/copy-field";
import type { ReactNode } from "react";

/**
 * The pieces Settings → Team and Settings → API share: a secret shown once, the list's skeleton, a row of
 * the list with its name, badges, detail lines and actions, and how an instant is written there.
 */

/** An instant in the reader's locale and zone, as both lists write it. */
export function formatInstant(instant: string): string {
  return new Date(instant).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A value the server hands over only this once (a token, an invitation link): copy it, then Done. */
export function ShownOnce(props: { testId: string; label: string; value: string; description: string; onDone: () => void }) {
  return (
    <div role="status" className="grid gap-3 rounded-md border p-4" data-testid={props.testId}>
      <CopyField label={props.label} value={props.value} description={props.description} />
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={props.onDone}>
        Done
      </Button>
    </div>
  );
}

export function ListSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <div role="status" className="grid gap-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => row).map((row) => (
        <Skeleton key={row} className="h-12 w-full" />
      ))}
    </div>
  );
}

/** A role's badge, and "Expired" beside it when the row has run out. */
export function RoleBadges({ role, expired }: { role: string; expired: boolean }) {
  return (
    <>
      <Badge variant="outline">{role}</Badge> {expired && <Badge variant="warning">Expired</Badge>}
    </>
  );
}

/** One row of a settings list: what it is (title, then smaller lines), then its actions; `dialog` sits after them. */
export function ListRow(props: { testId: string; title: ReactNode; details: ReactNode; actions: ReactNode; dialog?: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center" data-testid={props.testId}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{props.title}</p>
        {props.details}
      </div>
      {props.actions}
      {props.dialog}
    </li>
  );
}
