import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountingRejected, AccountingUnavailable } from "../../../src/server/accounting/accounting-errors.js";
import { WAVE_CANNOT_VOID, waveProvider } from "../../../src/server/accounting/providers/wave/wave.js";
import { type TestSession, testSession, ORDINARY_DEADLINE_MS } from "../../stand-ins/accounting/test-session.js";
import { sampleCustomer, sampleInvoice } from "../../stand-ins/accounting-rest/session.js";
import { startWaveStandIn, type WaveStandIn } from "../../stand-ins/accounting-rest/wave.js";

/**
 * Wave (issue 16 §4): OAuth consent names the business; customers, invoices (created, approved,
 * patched) and manual payments go through the public GraphQL API; Wave's refusals (didSucceed false)
 * reach the user in Wave's words; a void is refused with a sentence, since the API has none.
 */
let wave: WaveStandIn;
let s: TestSession;

const connect = () =>
  waveProvider.exchangeCode!({
    clientId: "wave-client-id",
    clientSecret: "wave-client-secret",
    redirectUri: "https://app.example/cb",
    code: `code-${Math.random()}`,
    query: {},
    endpoints: { baseUrl: wave.url },
    timeoutMs: ORDINARY_DEADLINE_MS,
  });

const sessionWith = (tokens: TestSession["tokens"]) =>
  testSession({
    provider: waveProvider,
    id: "wave",
    baseUrl: wave.url,
    config: { clientId: "wave-client-id", businessId: wave.businessId },
    secrets: { clientSecret: "wave-client-secret" },
    tokens,
  });

beforeAll(async () => {
  wave = await startWaveStandIn();
  s = sessionWith((await connect()).tokens);
});
afterAll(async () => {
  await wave.close();
});

describe("Wave provider", () => {
  it("sends the user to Wave's consent page with scopes and our state", () => {
    const url = new URL(
      waveProvider.authorizationUrl!({
        clientId: "wave-client-id",
        redirectUri: "https://app.example/cb",
        state: "st",
        endpoints: {},
      }),
    );
    expect(url.origin + url.pathname).toBe("https://api.waveapps.com/oauth2/authorize/");
    expect(url.searchParams.get("state")).toBe("st");
    expect(url.searchParams.get("scope")).toContain("invoice:*");
  });

  it("connects: the code becomes tokens and the business is learned", async () => {
    const connection = await connect();
    expect(connection.config).toEqual({ businessId: wave.businessId });
    expect(connection.organisationName).toBe("Ada's Studio");
    await expect(waveProvider.verify(sessionWith(connection.tokens))).resolves.toEqual({ organisationName: "Ada's Studio" });
  });

  it("finds or creates the customer once, and patches the known one", async () => {
    const before = wave.counts().customers;
    wave.failNext({ kind: "drop-after-commit" });
    await expect(
      waveProvider.upsertCustomer(sessionWith(s.tokens), sampleCustomer(), { known: null, idempotencyKey: "mn-c1" }),
    ).rejects.toBeInstanceOf(AccountingUnavailable);
    const ref = await waveProvider.upsertCustomer(s, sampleCustomer(), { known: null, idempotencyKey: "mn-c1" });
    expect(wave.counts().customers).toBe(before + 1);
    expect(wave.customers.get(ref.remoteId)).toMatchObject({
      businessId: wave.businessId,
      name: "Analytical Engines Ltd",
      email: "ada@example.com",
    });
    await waveProvider.upsertCustomer(
      s,
      { ...sampleCustomer(), company: "Engines & Co" },
      { known: ref, idempotencyKey: "mn-c1:x" },
    );
    expect(wave.customers.get(ref.remoteId)?.name).toBe("Engines & Co");
    expect(wave.counts().customers).toBe(before + 1);
  });

  it("creates and approves the invoice once, patches it, and records one payment", async () => {
    const customer = await waveProvider.upsertCustomer(
      s,
      { ...sampleCustomer(2), email: "grace@example.com" },
      { known: null, idempotencyKey: "mn-c2" },
    );
    const before = wave.counts();
    const draft = sampleInvoice(customer.remoteId, { number: "INV-0200" });
    // The create is committed but its answer is lost: the retry finds it by number and approves it.
    wave.failNext({ kind: "drop-after-commit", pathIncludes: "#CreateInvoice" });
    await expect(waveProvider.upsertInvoice(s, draft, { known: null, idempotencyKey: "mn-i2" })).rejects.toBeInstanceOf(
      AccountingUnavailable,
    );
    expect(wave.counts().invoices).toBe(before.invoices + 1);
    // The approval is committed but its answer is lost: the retry sees it approved and approves nothing.
    const [created] = [...wave.invoices.values()].filter((row) => row.invoiceNumber === "INV-0200");
    expect(created?.status).toBe("DRAFT");
    wave.failNext({ kind: "drop-after-commit", pathIncludes: "#ApproveInvoice" });
    await expect(waveProvider.upsertInvoice(s, draft, { known: null, idempotencyKey: "mn-i2" })).rejects.toBeInstanceOf(
      AccountingUnavailable,
    );
    const invoice = await waveProvider.upsertInvoice(s, draft, { known: null, idempotencyKey: "mn-i2" });
    expect(invoice.remoteId).toBe(created?.id);
    expect(wave.counts().invoices).toBe(before.invoices + 1);
    expect([...wave.products.values()].filter((row) => row.name === "Minutely services")).toHaveLength(1);
    expect(wave.invoices.get(invoice.remoteId)).toMatchObject({
      invoiceNumber: "INV-0200",
      status: "SAVED",
      invoiceDate: "2026-03-31",
      dueDate: "2026-04-30",
      items: [
        { unitPrice: "112.50", quantity: "1" },
        { unitPrice: "37.50", quantity: "1" },
      ],
    });

    await waveProvider.upsertInvoice(
      s,
      sampleInvoice(customer.remoteId, { number: "INV-0200", lines: [{ description: "Call (60 min)", amountMinor: 15_000 }] }),
      { known: invoice, idempotencyKey: "mn-i2:y" },
    );
    expect(wave.invoices.get(invoice.remoteId)?.items).toMatchObject([{ description: "Call (60 min)", unitPrice: "150.00" }]);

    const payment = {
      localId: 2,
      invoiceRemoteId: invoice.remoteId,
      customerRemoteId: customer.remoteId,
      amountMinor: 15_000,
      currency: "USD",
      paidOn: "2026-04-05",
      reference: "INV-0200",
    };
    wave.failNext({ kind: "drop-after-commit", pathIncludes: "#CreatePayment" });
    await expect(waveProvider.createPayment(sessionWith(s.tokens), payment, { idempotencyKey: "mn-p2" })).rejects.toBeInstanceOf(
      AccountingUnavailable,
    );
    const paid = await waveProvider.createPayment(s, payment, { idempotencyKey: "mn-p2" });
    const again = await waveProvider.createPayment(s, payment, { idempotencyKey: "mn-p2" });
    expect(wave.counts().payments).toBe(before.payments + 1);
    expect([...wave.payments.values()].filter((row) => row.invoiceId === invoice.remoteId)).toMatchObject([
      { amount: "150.00", paymentDate: "2026-04-05", paymentMethod: "OTHER", exchangeRate: "1", memo: "INV-0200" },
    ]);
    // The lost answer took Wave's payment id with it: the invoice's payment is recorded as "{invoice}/payment".
    expect(paid.remoteId).toBe(`${invoice.remoteId}/payment`);
    expect(again.remoteId).toBe(paid.remoteId);
  });

  it("refuses a void with a sentence the user can act on", async () => {
    const refused = waveProvider.voidInvoice(s, { remoteId: "5001" }, { idempotencyKey: "mn-v" });
    await expect(refused).rejects.toBeInstanceOf(AccountingRejected);
    await expect(refused).rejects.toThrow(WAVE_CANNOT_VOID);
  });

  it("passes Wave's inputErrors on in Wave's words", async () => {
    const refused = waveProvider.upsertInvoice(s, sampleInvoice("no-such-customer", { number: "INV-BAD" }), {
      known: null,
      idempotencyKey: "mn-bad",
    });
    await expect(refused).rejects.toBeInstanceOf(AccountingRejected);
    await expect(refused).rejects.toThrow("Customer not found.");
  });
});
