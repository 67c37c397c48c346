import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { notificationActionResponse, notificationJson } from "../../core/contracts/notifications.js";
import { idParam } from "../../core/contracts/common.js";
import { saveNotificationInvoiceRequest, sendNotificationInvoiceRequest } from "../../core/contracts/notifications.js";
import { requireAuth } from "../auth/session-hook.js";
import { getInvoice } from "../invoices/get-invoice.js";
import { sendInvoice } from "../invoices/send-invoice.js";
import { parseInput } from "../http/validate.js";
import { findUnreadNotifications, getNotification, markNotificationRead, presentNotification } from "./notification-queries.js";
import { routeSchema } from "../http/route-schema.js";

/** The notifications overlay: unread list, dismiss, and the Invoice Ready dialog's Send Now / Save for Later. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/notifications/unread",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Unread notifications",
        tags: ["notifications"],
        response: { 200: z.array(notificationJson) },
      }),
    },
    async (request) => {
      const { accountId, userId } = requireAuth(request);
      const rows = await findUnreadNotifications(app.db, { accountId, userId });
      return rows.map(presentNotification);
    },
  );

  app.put(
    "/api/notifications/:id/read",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "Dismiss a notification",
        tags: ["notifications"],
        params: idParam,
        response: { 200: notificationJson },
      }),
    },
    async (request) => {
      const { accountId, userId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      return presentNotification(await markNotificationRead(app.db, { accountId, userId, id, now: app.now() }));
    },
  );

  app.post(
    "/api/notifications/:id/send-invoice",
    {
      schema: routeSchema({
        permission: "invoices:write",
        summary: "Invoice Ready: send now",
        tags: ["notifications"],
        params: idParam,
        body: sendNotificationInvoiceRequest,
        response: { 200: notificationActionResponse },
      }),
    },
    async (request) => {
      const { accountId, userId, user } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(sendNotificationInvoiceRequest, request.body);
      await getNotification(app.db, { accountId, userId, id });
      const sent = await sendInvoice(app.db, {
        accountId,
        user,
        invoiceId: input.invoiceId,
        to: input.clientEmail,
        smtp: app.config.smtp,
        now: app.now(),
      });
      await markNotificationRead(app.db, { accountId, userId, id, now: app.now() });
      return { message: sent.message, invoiceNumber: sent.invoice.invoiceNumber };
    },
  );

  app.post(
    "/api/notifications/:id/save-invoice",
    {
      schema: routeSchema({
        permission: "invoices:write",
        summary: "Invoice Ready: save for later",
        tags: ["notifications"],
        params: idParam,
        body: saveNotificationInvoiceRequest,
        response: { 200: notificationActionResponse },
      }),
    },
    async (request) => {
      const { accountId, userId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const input = parseInput(saveNotificationInvoiceRequest, request.body);
      await getNotification(app.db, { accountId, userId, id });
      const { invoice } = await getInvoice(app.db, accountId, input.invoiceId);
      await markNotificationRead(app.db, { accountId, userId, id, now: app.now() });
      const message =
        invoice.status === "draft"
          ? `Invoice ${invoice.invoiceNumber} saved as a draft. Send it from Invoices when you are ready.`
          : `Invoice ${invoice.invoiceNumber} saved`;
      return { message, invoiceNumber: invoice.invoiceNumber };
    },
  );
}
