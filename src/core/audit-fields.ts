import type { AuditAction, AuditEntity } from "./contracts/audit.js";
import { formatDurationHms } from "./duration.js";
import { centsToDecimal } from "./money.js";

/**
 * How the audit trail's stored columns read for people (docs/audit-trail.md): one label and one
 * formatting rule per column, shared by the record histories, the Settings log and its CSV.
 */
const LABELS: Record<string, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  company: "Company",
  case_type: "Case type",
  address: "Address",
  notes: "Notes",
  description: "Description",
  billing_rate_cents: "Rate",
  default_rate_cents: "Default rate",
  rate_cents: "Rate",
  billing_type: "Billing type",
  minimum_billing_minutes: "Minimum",
  rounding_increment_minutes: "Rounding increment",
  rounding_scope: "Rounding scope",
  weekly_working_hours: "Working hours a week",
  archived_at: "Archived",
  client_id: "Client",
  platform: "Platform",
  call_type: "Call type",
  started_at: "Started",
  ended_at: "Ended",
  duration_seconds: "Raw time",
  billed_seconds: "Billed time",
  amount_cents: "Amount",
  invoice_id: "Invoice",
  status: "Status",
  invoice_number: "Number",
  subtotal_cents: "Subtotal",
  total_cents: "Total",
  sent_to: "Sent to",
  paid_at: "Paid",
  voided_at: "Voided",
  secret_ciphertext: "Secret",
  webhook_token: "Webhook address token",
  password_hash: "Password",
  email_verified_at: "Email verified",
  currency: "Currency",
  invoice_prefix: "Invoice prefix",
  payment_terms_days: "Payment terms (days)",
  timezone: "Time zone",
  firm_name: "Company name",
  enabled: "Enabled",
  subject: "Subject",
  word_count: "Words",
};

const ENTITY_LABELS: Record<AuditEntity, string> = {
  client: "Client",
  call: "Call",
  email: "Tracked email",
  invoice: "Invoice",
  invoice_line: "Invoice",
  settings: "Settings",
  user: "User",
  integration: "Integration",
  mailbox: "Mailbox",
};

/** A column's name for people: a known label, else the column in words ("phone_country" → "Phone country"). */
export function auditFieldLabel(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  const words = field.replace(/_(cents|seconds)$/, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as text: cents as decimals, seconds as "1h 2m 3s", minutes with "min", objects as JSON. */
export function auditValueText(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    if (field.endsWith("_cents")) return centsToDecimal(value);
    if (field.endsWith("_seconds")) return formatDurationHms(value);
    if (field.endsWith("_minutes")) return `${value} min`;
    return String(value);
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** "Call 12 updated: Raw time, Billed time"; "Invoice 3 line added"; "Signed in". */
export function auditSummary(event: {
  entity: AuditEntity;
  entityId: number | null;
  action: AuditAction;
  fields: readonly string[];
}): string {
  if (event.action === "signed_in") return "Signed in";
  const subject = `${ENTITY_LABELS[event.entity]}${event.entityId === null ? "" : ` ${event.entityId}`}`;
  if (event.entity === "invoice_line") {
    const verb = event.action === "created" ? "line added" : event.action === "deleted" ? "line removed" : "line changed";
    return `${subject} ${verb}`;
  }
  const fields = event.action === "updated" && event.fields.length > 0 ? `: ${event.fields.map(auditFieldLabel).join(", ")}` : "";
  return `${subject} ${event.action}${fields}`;
}
