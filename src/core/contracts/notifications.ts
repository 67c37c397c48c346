import { z } from "zod";
import { optionalEmailAddress, rowId } from "./common.js";

/** Notifications overlay (spec 001: Notifications overlay, §3, §7, §8). */

/** The overlay shows at most this many; the rest are summed up as "+N more notifications". */
export const MAX_VISIBLE_NOTIFICATIONS = 3;
/** The overlay polls GET /api/notifications/unread this often (spec 001 §9). */
export const NOTIFICATION_POLL_MS = 10_000;

const invoiceId = rowId("invoiceId");

/** POST /api/notifications/{id}/send-invoice: to `clientEmail` when given, else the client's own address (DECISIONS.md 9). */
export const sendNotificationInvoiceRequest = z.object({
  invoiceId,
  clientEmail: optionalEmailAddress,
});
export type SendNotificationInvoiceRequest = z.output<typeof sendNotificationInvoiceRequest>;

/** POST /api/notifications/{id}/save-invoice: keep the invoice as a draft. */
export const saveNotificationInvoiceRequest = z.object({ invoiceId });
export type SaveNotificationInvoiceRequest = z.output<typeof saveNotificationInvoiceRequest>;

/** The "invoice ready" data (spec 001 §3): duration in whole minutes, amount as a decimal string. */
export type InvoiceReadyData = {
  callId: number;
  clientId: number;
  clientName: string;
  clientEmail: string | null;
  duration: number;
  amount: string;
  currency: string;
  callType: string;
  /** The call's calendar day in the account's time zone: the period of its invoice. */
  callDate: string;
};

export type NotificationJson = {
  id: number;
  kind: string;
  title: string;
  message: string;
  createdAt: string;
  readAt: string | null;
  data: InvoiceReadyData | Record<string, unknown>;
};

export type NotificationActionResponse = { message: string; invoiceNumber?: string };

/**
 * The age label (spec 001): under 1 minute "Just now", then minutes, hours under 1440 minutes,
 * then days. Clock skew (a future createdAt) also reads "Just now".
 */
export function notificationAgeLabel(createdAt: Date | string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)}h ago`;
  return `${Math.floor(minutes / 1440)}d ago`;
}
