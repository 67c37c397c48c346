import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  createInvoicesResponse,
  deleteInvoiceResponse,
  generateInvoiceResponse,
  invoiceActionResponse,
  invoiceDetailJson,
  invoiceListItemJson,
  invoicesListQuery,
  invoicesPage,
  invoicesPageQuery,
} from "../../core/contracts/invoices.js";
import { idParam } from "../../core/contracts/common.js";
import {
  createInvoicesRequest,
  generateInvoiceRequest,
  invoicePdfQuery,
  sendInvoiceRequest,
} from "../../core/contracts/invoices.js";
import { requireAuth } from "../auth/session-hook.js";
import { parseInput } from "../http/validate.js";
import { createInvoicesForPeriod } from "./create-invoices-for-period.js";
import { deleteInvoice } from "./delete-invoice.js";
import { generateInvoiceFromCalls } from "./generate-invoice-from-calls.js";
import { findInvoicesPage } from "./find-invoices-page.js";
import { findInvoiceItems, findInvoices, getInvoice } from "./get-invoice.js";
import { presentInvoiceDetail, presentInvoiceListItem } from "./invoice-presenter.js";
import { findInvoicesTimekeepers, findLineTimekeepers } from "./line-timekeepers.js";
import { narrowedScope } from "../work/member-filter.js";
import { markInvoicePaid } from "./mark-invoice-paid.js";
import { loadInvoiceDocument } from "./pdf/load-invoice-document.js";
import { invoicePdfStream } from "./pdf/render-invoice-pdf.js";
import { sendInvoice } from "./send-invoice.js";
import { voidInvoice } from "./void-invoice.js";
import { routeSchema } from "../http/route-schema.js";

/** mark-paid, void and delete: the same request (an id), each with its own summary, answer and service. */
const INVOICE_ACTIONS = [
  {
    method: "POST",
    url: "/api/invoices/:id/mark-paid",
    summary: "Mark a sent invoice paid",
    response: invoiceActionResponse,
    run: markInvoicePaid,
  },
  {
    method: "POST",
    url: "/api/invoices/:id/void",
    summary: "Void an invoice; its lines can be billed again",
    response: invoiceActionResponse,
    run: voidInvoice,
  },
  {
    method: "DELETE",
    url: "/api/invoices/:id",
    summary: "Delete a draft invoice",
    response: deleteInvoiceResponse,
    run: deleteInvoice,
  },
] as const;

/** Invoices: generation, listing, PDF, and the draft → sent → paid / void life (docs/invoices.md). */
export async function invoicesRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/invoices",
    {
      schema: routeSchema({
        permission: "invoices:read",
        summary: "Invoices (optionally those with a line by one member: userId)",
        tags: ["invoices"],
        querystring: invoicesListQuery,
        response: { 200: z.array(invoiceListItemJson) },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const query = parseInput(invoicesListQuery, request.query);
      const { ownerId } = await narrowedScope(app.db, auth, query);
      const rows = await findInvoices(app.db, auth.accountId, { memberId: ownerId });
      const timekeepers = await findInvoicesTimekeepers(
        app.db,
        auth.accountId,
        rows.map((row) => row.invoice.id),
      );
      return rows.map((row) => presentInvoiceListItem(row.invoice, row.client, timekeepers.get(row.invoice.id) ?? []));
    },
  );

  app.get(
    "/api/invoices/page",
    {
      schema: routeSchema({
        permission: "invoices:read",
        summary: "Invoices newest first, one keyset page at a time (optionally one client's, or those with a line by one member)",
        tags: ["invoices"],
        querystring: invoicesPageQuery,
        response: { 200: invoicesPage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const query = parseInput(invoicesPageQuery, request.query);
      const { ownerId } = await narrowedScope(app.db, auth, query);
      return findInvoicesPage(app.db, { accountId: auth.accountId, memberId: ownerId, query });
    },
  );

  app.post(
    "/api/invoices",
    {
      schema: routeSchema({
        permission: "invoices:write",
        summary: "Invoice every unbilled call and email of a period, one invoice per client",
        tags: ["invoices"],
        body: createInvoicesRequest,
        response: { 201: createInvoicesResponse },
      }),
    },
    async (request, reply) => {
      const { account } = requireAuth(request);
      const input = parseInput(createInvoicesRequest, request.body);
      const result = await createInvoicesForPeriod(app.db, { account, input, now: app.now() });
      return reply.status(201).send(result);
    },
  );

  app.post(
    "/api/invoices/generate",
    {
      schema: routeSchema({
        permission: "invoices:write",
        summary: "Invoice selected calls",
        tags: ["invoices"],
        body: generateInvoiceRequest,
        response: { 201: generateInvoiceResponse },
      }),
    },
    async (request, reply) => {
      const { account } = requireAuth(request);
      const input = parseInput(generateInvoiceRequest, request.body);
      const result = await generateInvoiceFromCalls(app.db, { account, input, now: app.now() });
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/api/invoices/:id",
    {
      schema: routeSchema({
        permission: "invoices:read",
        summary: "One invoice with its lines",
        tags: ["invoices"],
        params: idParam,
        response: { 200: invoiceDetailJson },
      }),
    },
    async (request) => {
      const { accountId } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const { invoice, client } = await getInvoice(app.db, accountId, id);
      const items = await findInvoiceItems(app.db, accountId, id);
      const timekeepers = await findLineTimekeepers(
        app.db,
        accountId,
        items.map((item) => item.userId),
      );
      return presentInvoiceDetail(invoice, client, items, timekeepers);
    },
  );

  app.get(
    "/api/invoices/:id/pdf",
    {
      schema: routeSchema({
        permission: "invoices:read",
        summary: "The invoice as PDF",
        tags: ["invoices"],
        params: idParam,
        querystring: invoicePdfQuery,
        response: { 200: { description: "PDF file", contentType: "application/pdf" } },
      }),
    },
    async (request, reply) => {
      const { accountId, user } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const { download } = parseInput(invoicePdfQuery, request.query);
      const document = await loadInvoiceDocument(app.db, { accountId, invoiceId: id, user });
      // Streamed as pdfkit writes each page (render-invoice-pdf.ts), never joined into one buffer here.
      const pdf = invoicePdfStream(document);
      const filename = `${document.invoiceNumber.replace(/[^\w.-]+/g, "_")}.pdf`;
      const disposition = download === "1" || download === "true" ? "attachment" : "inline";
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `${disposition}; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  app.post(
    "/api/invoices/:id/send",
    {
      schema: routeSchema({
        permission: "invoices:write",
        summary: "Mail the invoice (draft → sent)",
        tags: ["invoices"],
        params: idParam,
        body: sendInvoiceRequest,
        response: { 200: invoiceActionResponse },
      }),
    },
    async (request) => {
      const { accountId, user } = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      const { to } = parseInput(sendInvoiceRequest, request.body);
      return sendInvoice(app.db, { accountId, user, invoiceId: id, to, smtp: app.config.smtp, now: app.now() });
    },
  );

  // The one-click changes of an invoice's life: each needs only the id, so one loop registers them.
  for (const action of INVOICE_ACTIONS) {
    app.route({
      method: action.method,
      url: action.url,
      schema: routeSchema({
        permission: "invoices:write",
        summary: action.summary,
        tags: ["invoices"],
        params: idParam,
        response: { 200: action.response },
      }),
      handler: async (request) => {
        const { accountId } = requireAuth(request);
        const { id } = parseInput(idParam, request.params);
        // The queue, for pushing a voided or paid invoice to connected accounting systems.
        return action.run(app.db, { accountId, invoiceId: id, now: app.now(), jobs: app.jobs });
      },
    });
  }
}
