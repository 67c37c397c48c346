import { z } from "zod";
import { isoDate, text } from "./common.js";
import { count, instant } from "./response-fields.js";

/** What the audit trail records (docs/audit-trail.md). */
export const AUDIT_ENTITIES = [
  "client",
  "call",
  "email",
  "invoice",
  "invoice_line",
  "settings",
  "user",
  "integration",
  "mailbox",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = ["created", "updated", "deleted", "signed_in"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A page of the Settings log: 50 rows, newest first. */
export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds (newest first); the file says when it was cut. */
export const AUDIT_EXPORT_LIMIT = 50_000;

const cursorMessage = "cursor must be the nextCursor of a previous page";

/** GET /api/audit and GET /api/audit/export: filters of the Settings log. */
export const auditQuery = z.object({
  q: text({ error: "Search must be text" }).trim().max(200, "Search must be at most 200 characters").optional(),
  entity: z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(", ")}` }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  cursor: text({ error: cursorMessage })
    .regex(/^[1-9]\d{0,15}$/, cursorMessage)
    .transform(Number)
    .optional(),
});
export type AuditQuery = z.output<typeof auditQuery>;

/** One changed field, as a person reads it ("Rate: $150.00/hour → $175.00/hour"). */
export const auditChange = z.object({
  field: text().describe("The column as stored"),
  label: text().describe("The field's name for people"),
  before: text().nullable(),
  after: text().nullable(),
});

export const auditEventJson = z.object({
  id: count,
  at: instant,
  actor: z.object({
    kind: z.enum(["user", "visitor", "provider", "system"]),
    userId: count.nullable(),
    label: text().describe("The user's email, or what acted (a provider's webhook, a background job)"),
    ip: text().nullable(),
    agent: text().nullable(),
    via: text().nullable().describe('The route or job that made the change, e.g. "PUT /api/clients/:id"'),
  }),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: count.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  summary: text().describe('One sentence, e.g. "Call 12 updated: duration"'),
  changes: z.array(auditChange),
  /** A call's raw and billed time after this change (before it, for a deletion); null for other records. */
  callTimes: z.object({ rawSeconds: count, billedSeconds: count }).nullable(),
});
export type AuditEventJson = z.infer<typeof auditEventJson>;

/** GET /api/audit: a page of the log and the cursor of the next (older) page. */
export const auditPage = z.object({
  events: z.array(auditEventJson),
  nextCursor: text().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** GET /api/{clients,calls,invoices}/{id}/history: every change to one record, oldest first. */
export const recordHistory = z.object({ events: z.array(auditEventJson) });
export type RecordHistory = z.infer<typeof recordHistory>;
