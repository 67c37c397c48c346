import type { FastifyInstance } from "fastify";
import { idParam } from "../../core/contracts/common.js";
import {
  createInvoicesRequest,
  generateInvoiceRequest,
  invoicePdfQuery,
  sendInvoiceRequest,
} from "../../core/contracts/invoices.js";
import { requireAuth } from "../auth/session-hook.js";
import { parseInput } from "../platform/validate.js";
import { createInvoicesForPeriod } from "./create-invoices-for-period.js";
import { deleteInvoice } from "./delete-invoice.js";
import { generateInvoiceFromCalls } from "./generate-invoice-from-calls.js";
import { findInvoiceItems, findInvoices, getInvoice } from "./get-invoice.js";
import { presentInvoice, presentInvoiceDetail } from "./invoice-presenter.js";
import { markInvoicePaid } from "./mark-invoice-paid.js";
import { loadInvoiceDocument } from "./pdf/load-invoice-document.js";
import { renderInvoicePdf } from "./pdf/render-invoice-pdf.js";
import { sendInvoice } from "./send-invoice.js";
import { voidInvoice } from "./void-invoice.js";

/** Invoices: generation, listing, PDF, and the draft → sent → paid / void life (docs/invoices.md). */
export async function invoicesRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/invoices", async (request) => {
    const { accountId } = requireAuth(request);
    const rows = await findInvoices(app.db, accountId);
    return rows.map((row) => presentInvoice(row.invoice, row.client));
  });

  app.post("/api/invoices", async (request, reply) => {
    const { account } = requireAuth(request);
    const input = parseInput(createInvoicesRequest, request.body);
    const result = await createInvoicesForPeriod(app.db, { account, input, now: app.now() });
    return reply.status(201).send(result);
  });

  app.post("/api/invoices/generate", async (request, reply) => {
    const { account } = requireAuth(request);
    const input = parseInput(generateInvoiceRequest, request.body);
    const result = await generateInvoiceFromCalls(app.db, { account, input, now: app.now() });
    return reply.status(201).send(result);
  });

  app.get("/api/invoices/:id", async (request) => {
    const { accountId } = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    const { invoice, client } = await getInvoice(app.db, accountId, id);
    return presentInvoiceDetail(invoice, client, await findInvoiceItems(app.db, accountId, id));
  });

  app.get("/api/invoices/:id/pdf", async (request, reply) => {
    const { accountId, user } = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    const { download } = parseInput(invoicePdfQuery, request.query);
    const document = await loadInvoiceDocument(app.db, { accountId, invoiceId: id, user });
    const pdf = await renderInvoicePdf(document);
    const filename = `${document.invoiceNumber.replace(/[^\w.-]+/g, "_")}.pdf`;
    const disposition = download === "1" || download === "true" ? "attachment" : "inline";
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `${disposition}; filename="${filename}"`)
      .header("cache-control", "private, no-store")
      .send(pdf);
  });

  app.post("/api/invoices/:id/send", async (request) => {
    const { accountId, user } = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    const { to } = parseInput(sendInvoiceRequest, request.body);
    return sendInvoice(app.db, { accountId, user, invoiceId: id, to, smtp: app.config.smtp, now: app.now() });
  });

  app.post("/api/invoices/:id/mark-paid", async (request) => {
    const { accountId } = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    return markInvoicePaid(app.db, { accountId, invoiceId: id, now: app.now() });
  });

  app.post("/api/invoices/:id/void", async (request) => {
    const { accountId } = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    return voidInvoice(app.db, { accountId, invoiceId: id, now: app.now() });
  });

  app.delete("/api/invoices/:id", async (request) => {
    const { accountId } = requireAuth(request);
    const { id } = parseInput(idParam, request.params);
    return deleteInvoice(app.db, { accountId, invoiceId: id, now: app.now() });
  });
}
