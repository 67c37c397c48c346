import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AccountingRateLimited,
  AccountingUnauthorized,
  AccountingUnavailable,
} from "../../../src/server/accounting/accounting-errors.js";
import type { AccountingStandInControls } from "../../stand-ins/accounting/controls.js";
import { sampleCustomer, sampleInvoice } from "../../stand-ins/accounting-rest/session.js";
import { PROVIDER_HARNESSES } from "./provider-harnesses.js";

/**
 * What every accounting provider does the same way (issue 24 §1, docs/accounting.md "Retries and
 * idempotency"), written once and run against each provider's stand-in: a create whose answer was lost
 * is retried with the same idempotency key and leaves one row; a 429 holds every instance for its
 * Retry-After; a 5xx or a connection dropped before the answer is "unavailable" (the job retries); an
 * expired access token is renewed once, spending its refresh token once; a refusal that survives the
 * renewal is "unauthorized" (the user reconnects). What differs by provider (payloads, its own words,
 * consent pages, choices) stays in `{provider}-*.test.ts`.
 */
describe.each(PROVIDER_HARNESSES)("$name: what every accounting provider does", (h) => {
  let standIn: AccountingStandInControls;
  /** Each test's own keys and numbers, so the rows of one test never meet another's. */
  let serial = 0;
  const next = () => `${h.id}-${++serial}`;

  beforeAll(async () => {
    standIn = await h.start();
  });
  afterAll(async () => {
    await standIn.close();
  });

  /** A customer no other test has (providers that find before they create match on the name or e-mail). */
  const customerFor = (key: string) => ({
    ...sampleCustomer(serial),
    name: `Ada ${key}`,
    company: `Engines ${key}`,
    email: `${key}@example.com`,
  });
  const newCustomer = async (key: string) => {
    const s = await h.session(standIn);
    return { s, customer: await h.provider.upsertCustomer(s, customerFor(key), { known: null, idempotencyKey: key }) };
  };

  it("a customer whose create answer was lost: the retry with the same key makes one customer", async () => {
    const s = await h.session(standIn);
    const key = `mn-c-${next()}`;
    const before = standIn.counts().customers;
    standIn.failNext({ kind: "drop-after-commit", ...h.creates.customer });
    await expect(h.provider.upsertCustomer(s, customerFor(key), { known: null, idempotencyKey: key })).rejects.toBeInstanceOf(
      AccountingUnavailable,
    );
    const ref = await h.provider.upsertCustomer(s, customerFor(key), { known: null, idempotencyKey: key });
    expect(ref.remoteId).toBeTruthy();
    expect(standIn.counts().customers).toBe(before + 1);
  });

  it("an invoice whose create answer was lost: the retry with the same key makes one invoice, and another retry answers it again", async () => {
    const { s, customer } = await newCustomer(`mn-c-${next()}`);
    const key = `mn-i-${next()}`;
    const draft = sampleInvoice(customer.remoteId, { number: `INV-${serial}` });
    const before = standIn.counts().invoices;
    standIn.failNext({ kind: "drop-after-commit", ...h.creates.invoice });
    await expect(h.provider.upsertInvoice(s, draft, { known: null, idempotencyKey: key })).rejects.toBeInstanceOf(
      AccountingUnavailable,
    );
    const invoice = await h.provider.upsertInvoice(s, draft, { known: null, idempotencyKey: key });
    const again = await h.provider.upsertInvoice(s, draft, { known: null, idempotencyKey: key });
    expect(again.remoteId).toBe(invoice.remoteId);
    expect(standIn.counts().invoices).toBe(before + 1);
  });

  it("a payment whose answer was lost: the retry with the same key records one payment", async () => {
    const { s, customer } = await newCustomer(`mn-c-${next()}`);
    const number = `INV-${serial}`;
    const draft = sampleInvoice(customer.remoteId, { number });
    const invoice = await h.provider.upsertInvoice(s, draft, { known: null, idempotencyKey: `mn-i-${next()}` });
    const payment = {
      localId: draft.localId,
      invoiceRemoteId: invoice.remoteId,
      customerRemoteId: customer.remoteId,
      amountMinor: draft.totalMinor,
      currency: h.paymentCurrency,
      paidOn: "2026-04-05",
      reference: number,
    };
    const key = `mn-p-${next()}`;
    const before = standIn.counts().payments;
    standIn.failNext({ kind: "drop-after-commit", ...h.creates.payment });
    await expect(h.provider.createPayment(s, payment, { idempotencyKey: key })).rejects.toBeInstanceOf(AccountingUnavailable);
    await h.provider.createPayment(s, payment, { idempotencyKey: key });
    expect(standIn.counts().payments).toBe(before + 1);
  });

  it("429: the session is told to hold for Retry-After, and the call is AccountingRateLimited", async () => {
    const s = await h.session(standIn);
    standIn.failNext({ kind: "429", retryAfterSeconds: 7 });
    const limited = h.provider.verify(s);
    await expect(limited).rejects.toBeInstanceOf(AccountingRateLimited);
    await expect(limited).rejects.toMatchObject({ retryAfterSeconds: 7 });
    expect(s.seen.rateLimited).toEqual([7]);
  });

  it("a 500 and a connection dropped before the answer: AccountingUnavailable, and the next call goes through", async () => {
    const s = await h.session(standIn);
    standIn.failNext({ kind: "500" });
    await expect(h.provider.verify(s)).rejects.toBeInstanceOf(AccountingUnavailable);
    standIn.failNext({ kind: "drop-before-commit" });
    await expect(h.provider.verify(s)).rejects.toBeInstanceOf(AccountingUnavailable);
    await expect(h.provider.verify(s)).resolves.toBeTruthy();
  });

  if (h.oauth) {
    it("an expired access token is renewed once through the session, its refresh token spent once, and the call goes on", async () => {
      const s = await h.session(standIn);
      const expired = s.tokens!;
      standIn.expireAccessTokens();
      await expect(h.provider.verify(s)).resolves.toBeTruthy();
      expect(s.seen.renewals).toEqual([expired.accessToken]);
      expect(s.tokens!.accessToken).not.toBe(expired.accessToken);
      expect(standIn.refreshTokenSpends().get(expired.refreshToken)).toBe(1);
    });

    it("a 401 that survives the renewal: AccountingUnauthorized (the user reconnects)", async () => {
      const s = await h.session(standIn);
      standIn.failNext({ kind: "401", times: 2 });
      await expect(h.provider.verify(s)).rejects.toBeInstanceOf(AccountingUnauthorized);
      expect(s.seen.renewals).toHaveLength(1);
    });
  } else {
    // Last: a stand-in may keep refusing these keys afterwards (Sage's treats the key as revoked).
    it("a 401: AccountingUnauthorized at once (keys are not renewed; the user enters new ones)", async () => {
      const s = await h.session(standIn);
      standIn.failNext({ kind: "401" });
      await expect(h.provider.verify(s)).rejects.toBeInstanceOf(AccountingUnauthorized);
      expect(s.seen.renewals).toEqual([]);
    });
  }
});
