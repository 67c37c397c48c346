import { z } from "zod";
import { optionalEmailAddress, rowId, text } from "./common.js";
import { count, day, id, instant, money } from "./response-fields.js";

/** Notifications overlay. */

/** The overlay shows at most this many; the rest are summed up as "+N more notifications". */
export const MAX_VISIBLE_NOTIFICATIONS = 3;
/** The overlay polls GET /api/notifications/unread this often. */
export const NOTIFICATION_POLL_MS = 10_000;

const invoiceId = rowId("invoiceId");

/** POST /api/notifications/{id}/send-invoice: to `clientEmail` when given, else the client's own address (docs/decisions.md D9). */
export const sendNotificationInvoiceRequest = z.object({
  invoiceId,
  clientEmail: optionalEmailAddress,
});
export type SendNotificationInvoiceRequest = z.output<typeof sendNotificationInvoiceRequest>;

/** POST /api/notifications/{id}/save-invoice: keep the invoice as a draft. */
export const saveNotificationInvoiceRequest = z.object({ invoiceId });
export type SaveNotificationInvoiceRequest = z.output<typeof saveNotificationInvoiceRequest>;

/** The "invoice ready" data: duration in whole minutes, amount as a decimal string. */
export const invoiceReadyData = z.object({
  callId: id,
  clientId: id,
  clientName: text(),
  clientEmail: text().nullable(),
  duration: count,
  amount: money,
  currency: text(),
  callType: text(),
  callDate: day.describe("The call's calendar day in the account's time zone: the period of its invoice"),
});
export type InvoiceReadyData = z.infer<typeof invoiceReadyData>;

export const notificationJson = z.object({
  id,
  kind: text(),
  title: text(),
  message: text(),
  createdAt: instant,
  readAt: instant.nullable(),
  data: z
    .record(text(), z.unknown())
    .describe(
      "For kind invoice_ready: InvoiceReadyData (callId, clientId, clientName, clientEmail, duration, amount, currency, callType, callDate)",
    ),
});
export type NotificationJson = Omit<z.infer<typeof notificationJson>, "data"> & {
  data: InvoiceReadyData | Record<string, unknown>;
};

export const notificationActionResponse = z.object({ message: text(), invoiceNumber: text().optional() });
export type NotificationActionResponse = z.infer<typeof notificationActionResponse>;

/**
 * The age label: under 1 minute "Just now", then minutes, hours under 1440 minutes,
 * then days. Clock skew (a future createdAt) also reads "Just now".
 */
export function notificationAgeLabel(createdAt: Date | string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)}h ago`;
  return `${Math.floor(minutes / 1440)}d ago`;
}
