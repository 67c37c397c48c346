import type { AuditAction, AuditEntity, AuditEventJson } from "../../core/contracts/audit.js";
import { auditFieldLabel, auditSummary, auditValueText } from "../../core/audit-fields.js";
import type { AuditRow } from "./audit-queries.js";

type Values = Record<string, unknown>;

/** Keys people do not need to read in a created or deleted record's list of fields. */
const QUIET_KEYS = new Set(["id", "account_id"]);

/** One audit row as the API answers it: who, when, from where, what changed (before → after). */
export function presentAuditEvent(row: AuditRow): AuditEventJson {
  const before = (row.before ?? null) as Values | null;
  const after = (row.after ?? null) as Values | null;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    .filter((key) => !QUIET_KEYS.has(key))
    .sort();
  const changed =
    row.action === "updated" ? keys.filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key])) : keys;
  const entity = row.entity as AuditEntity;
  const action = row.action as AuditAction;
  const times = row.entity === "call" ? (after ?? before) : null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: {
      kind: row.actorKind as AuditEventJson["actor"]["kind"],
      userId: row.actorUserId,
      label: actorLabel(row),
      ip: row.actorIp,
      agent: row.actorAgent,
      via: row.via,
    },
    entity,
    entityId: row.entityId,
    action,
    summary: auditSummary({ entity, entityId: row.entityId, action, fields: changed }),
    changes: changed.map((field) => ({
      field,
      label: auditFieldLabel(field),
      before: auditValueText(field, before?.[field]),
      after: auditValueText(field, after?.[field]),
    })),
    callTimes:
      times && typeof times.duration_seconds === "number" && typeof times.billed_seconds === "number"
        ? { rawSeconds: times.duration_seconds, billedSeconds: times.billed_seconds }
        : null,
  };
}

function actorLabel(row: AuditRow): string {
  if (row.actorEmail) return row.actorEmail;
  if (row.actorKind === "provider") return "Provider webhook";
  if (row.actorKind === "visitor") return "Signed-out visitor";
  if (row.actorUserId !== null) return `User ${row.actorUserId}`;
  return row.via?.startsWith("job ") ? `System (${row.via.slice(4)})` : "System";
}
