import { AUDIT_EXPORT_LIMIT, type AuditQuery } from "../../core/contracts/audit.js";
import { csvDocument } from "../../core/csv.js";
import type { Db } from "../db/client.js";
import { presentAuditEvent } from "./audit-presenter.js";
import { findAuditPage } from "./audit-queries.js";

export const AUDIT_CSV_COLUMNS = [
  "ID",
  "When (UTC)",
  "Who",
  "Actor kind",
  "IP address",
  "Via",
  "Record",
  "Record ID",
  "Action",
  "Summary",
  "Changes",
  "Raw seconds",
  "Billed seconds",
] as const;

/**
 * The Settings log with the same filters as on screen, newest first, as CSV through core/csv.ts
 * (formula-safe). At most AUDIT_EXPORT_LIMIT rows: a last row says so when the log had more.
 */
export async function exportAuditCsv(
  db: Db,
  options: { accountId: number; query: AuditQuery; timezone: string },
): Promise<string> {
  const { rows, nextCursor } = await findAuditPage(db, { ...options, limit: AUDIT_EXPORT_LIMIT });
  const records = rows.map((row) => {
    const event = presentAuditEvent(row);
    return [
      event.id,
      event.at,
      event.actor.label,
      event.actor.kind,
      event.actor.ip,
      event.actor.via,
      event.entity,
      event.entityId,
      event.action,
      event.summary,
      event.changes.map((change) => `${change.label}: ${change.before ?? "—"} → ${change.after ?? "—"}`).join("; "),
      event.callTimes?.rawSeconds ?? null,
      event.callTimes?.billedSeconds ?? null,
    ];
  });
  if (nextCursor !== null)
    records.push([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      `Cut at ${AUDIT_EXPORT_LIMIT} rows: narrow the filters to export older changes`,
      null,
      null,
      null,
    ]);
  return csvDocument(AUDIT_CSV_COLUMNS, records, { bom: true });
}
