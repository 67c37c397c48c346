import type { AuditEventJson } from "@core/contracts/audit";
import { formatInstant } from "@web/clients/format-instant";

/** Who made a change and from where: "ada@example.test · 203.0.113.9 · PATCH /api/calls/:id". */
export function actorText(event: AuditEventJson): string {
  return [event.actor.label, event.actor.ip, event.actor.via].filter(Boolean).join(" · ");
}

/** The fields a change touched, each "before → after" (a created record lists its values, a deleted one what it held). */
export function AuditChanges({ event }: { event: AuditEventJson }) {
  if (event.changes.length === 0) return null;
  return (
    <ul className="mt-1 grid gap-0.5 text-sm">
      {event.changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="text-muted-foreground">{change.label}: </span>
          {event.action === "created" ? (
            <span>{change.after ?? "—"}</span>
          ) : event.action === "deleted" ? (
            <span>{change.before ?? "—"}</span>
          ) : (
            <>
              <span>{change.before ?? "—"}</span>
              <span> → </span>
              <span>{change.after ?? "—"}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One event of a History or the log: when, what, who, and the fields it changed. */
export function AuditEventItem({ event, timezone }: { event: AuditEventJson; timezone: string }) {
  return (
    <li className="grid gap-0.5 py-3" data-testid="audit-event">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium">{event.summary}</p>
        <time dateTime={event.at} className="text-sm tabular-nums text-muted-foreground">
          {formatInstant(event.at, timezone, "MMM d, yyyy HH:mm:ss")}
        </time>
      </div>
      <p className="text-xs text-muted-foreground break-words">{actorText(event)}</p>
      <AuditChanges event={event} />
    </li>
  );
}
