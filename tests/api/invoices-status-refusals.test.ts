import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../helpers/api-client.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, buildInvoice, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 12 item 5: every move the invoice status machine (core/invoices.ts) forbids is a 409 with
 * the sentence its user reads, and changes nothing. A mutant that let a draft be marked paid
 * passed every API test before these.
 */
let t: TestApp;
let who: TestAccount;
let clientId: number;
beforeAll(async () => {
  t = await startTestApp();
  who = await newAccount(t);
  clientId = (await buildClient(who.c)).id;
});
afterAll(async () => {
  await t?.close();
});

type Action = "send" | "mark-paid" | "void" | "delete";
const request = (c: ApiClient, action: Action, id: number) =>
  action === "delete"
    ? c.delete(`/api/invoices/${id}`)
    : c.post(`/api/invoices/${id}/${action}`, action === "send" ? { to: "client@example.test" } : undefined);

const refusals: [status: "draft" | "sent" | "paid" | "void", action: Action, message: (number: string) => string][] = [
  ["draft", "mark-paid", (n) => `Invoice ${n} is still a draft; send it before marking it as paid`],
  ["draft", "void", (n) => `Invoice ${n} is a draft; delete it instead of voiding it`],
  ["sent", "send", (n) => `Invoice ${n} is sent; only a draft can be sent`],
  ["sent", "delete", (n) => `Invoice ${n} is sent; only a draft can be deleted (void a sent invoice instead)`],
  ["paid", "send", (n) => `Invoice ${n} is paid; only a draft can be sent`],
  ["paid", "mark-paid", (n) => `Invoice ${n} is paid; only a sent invoice can be marked as paid`],
  ["paid", "void", (n) => `Invoice ${n} is paid; only a sent invoice can be voided`],
  ["paid", "delete", (n) => `Invoice ${n} is paid; only a draft can be deleted (void a sent invoice instead)`],
  ["void", "send", (n) => `Invoice ${n} is void; only a draft can be sent`],
  ["void", "mark-paid", (n) => `Invoice ${n} is void; only a sent invoice can be marked as paid`],
  ["void", "void", (n) => `Invoice ${n} is void; only a sent invoice can be voided`],
  ["void", "delete", (n) => `Invoice ${n} is void; only a draft can be deleted (void a sent invoice instead)`],
];

describe("forbidden invoice status moves", () => {
  it.each(refusals)("a %s invoice refuses %s with the reason, and nothing changes", async (status, action, message) => {
    const invoice = await buildInvoice(who, { clientId, status });
    const response = await expectNothingChanged(t.app.db, () => request(who.c, action, invoice.id));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: "conflict", message: message(invoice.invoiceNumber) });
    const after = await who.c.get(`/api/invoices/${invoice.id}`);
    expect(after.body.status).toBe(status);
  });

  it("the allowed moves from sent are taken: mark paid, and void", async () => {
    const paid = await buildInvoice(who, { clientId, status: "sent" });
    const paidAnswer = await who.c.post(`/api/invoices/${paid.id}/mark-paid`);
    expect(paidAnswer.status).toBe(200);
    expect(paidAnswer.body.invoice.status).toBe("paid");
    const voided = await buildInvoice(who, { clientId, status: "sent" });
    const voidAnswer = await who.c.post(`/api/invoices/${voided.id}/void`);
    expect(voidAnswer.status).toBe(200);
    expect(voidAnswer.body.invoice.status).toBe("void");
  });
});
