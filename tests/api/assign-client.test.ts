import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceDuration } from "../../src/core/pricing/price.js";
import { centsToDecimal } from "../../src/core/money.js";
import { INVOICED_CALL_MESSAGE } from "../../src/server/calls/assign-client.js";
import type { CaptureEvent } from "../../src/server/capture/capture-event.js";
import { recordCaptureEvent } from "../../src/server/capture/record-capture-event.js";
import { calls, clientIdentities } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { callIdsIn, openCallStream } from "../helpers/event-stream.js";
import { buildClient, buildInvoice, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * POST /api/calls/{id}/assign-client (issue 13 §1): a captured call left on Unknown Client gets a
 * client, is priced with that client's rules by the core engine, raises "Invoice Ready", and the
 * numbers and addresses the user ticks are remembered, so the next call from them matches by itself.
 */
let t: TestApp;
let owner: TestAccount;
let stranger: TestAccount;
let sequence = 0;

beforeAll(async () => {
  t = await startTestApp();
  owner = await newAccount(t);
  stranger = await newAccount(t);
});
afterAll(async () => t?.close());

const PROSPECT = { name: "Pat Prospect", phone: "+15550102000", email: "Pat@Prospect-Law.test" };

/** A finished Twilio call of `seconds` with the prospect's number (and optionally address), through the capture pipeline. */
async function capturedCall(
  who: TestAccount,
  options: { seconds?: number; phone?: string; email?: string | null; active?: boolean } = {},
): Promise<number> {
  const id = `CA${++sequence}`;
  const startedAt = new Date(Date.UTC(2026, 2, 2, 9, sequence));
  const participants = [
    {
      name: PROSPECT.name,
      phone: options.phone ?? PROSPECT.phone,
      email: options.email === undefined ? PROSPECT.email : options.email,
    },
  ];
  const base = {
    accountId: who.accountId,
    userId: who.userId,
    source: "twilio",
    externalCallId: id,
    platform: "phone",
    participants,
  } as const;
  const started = await recordCaptureEvent(
    t.app.db,
    { ...base, eventId: `${id}:in-progress`, kind: "started", at: startedAt } satisfies CaptureEvent,
    startedAt,
  );
  if (!options.active) {
    const endedAt = new Date(startedAt.getTime() + (options.seconds ?? 754) * 1000);
    await recordCaptureEvent(
      t.app.db,
      {
        ...base,
        eventId: `${id}:completed`,
        kind: "ended",
        at: endedAt,
        durationSeconds: options.seconds ?? 754,
      } satisfies CaptureEvent,
      endedAt,
    );
  }
  if (started.callId === null) throw new Error("the pipeline made no call");
  return started.callId;
}

async function callRow(id: number) {
  const [row] = await t.app.db.select().from(calls).where(eq(calls.id, id));
  return row!;
}

describe("assigning a client to an unknown call", () => {
  it("sets the client, prices the call with that client's rules like the engine, notifies, and remembers what was ticked", async () => {
    const client = await buildClient(owner.c, { name: "Prospect Law", billingRate: "240.00", roundingIncrementMinutes: 15 });
    const id = await capturedCall(owner, { seconds: 754 });
    const before = await owner.c.get("/api/calls?limit=1");
    expect(before.body[0]).toMatchObject({ id, clientId: null, clientName: null, source: "twilio", active: false });
    expect(before.body[0].participants).toEqual([
      { name: PROSPECT.name, email: "pat@prospect-law.test", phone: PROSPECT.phone, direction: null, self: false },
    ]);
    const live = await openCallStream(t.baseUrl, owner.c);

    const response = await owner.c.post(`/api/calls/${id}/assign-client`, {
      clientId: client.id,
      remember: [
        { kind: "phone", value: "(555) 010-2000" },
        { kind: "email", value: "pat@prospect-law.test" },
      ],
    });
    expect(response.status).toBe(200);
    const expected = priceDuration(754, {
      rateCents: 24000,
      billingType: "hour",
      minimumBillingMinutes: 0,
      roundingIncrementMinutes: 15,
    });
    expect(response.body.call).toMatchObject({
      id,
      clientId: client.id,
      clientName: "Prospect Law",
      duration: 754,
      billedDuration: expected.billedSeconds,
      amount: centsToDecimal(expected.amountCents),
      rate: "240.00",
      roundingIncrementMinutes: 15,
    });
    expect(expected.billedSeconds).toBe(900);
    expect(response.body.remembered).toEqual([
      { kind: "phone", value: "+15550102000", movedFrom: null },
      { kind: "email", value: "pat@prospect-law.test", movedFrom: null },
    ]);
    const unread = await owner.c.get("/api/notifications/unread");
    expect(
      unread.body.some(
        (n: { title: string; data?: { callId?: number } }) => n.title === "Invoice Ready" && n.data?.callId === id,
      ),
    ).toBe(true);
    await live.waitFor((e) => e.event === "call" && JSON.parse(e.data).callId === id && JSON.parse(e.data).kind === "updated");
    await live.close();

    // The next call from the same number, written another way, matches the client by itself.
    const next = await capturedCall(owner, { phone: "555-010-2000", email: null, seconds: 60 });
    expect((await callRow(next)).clientId).toBe(client.id);
    // And one from the address alone.
    const byEmail = await capturedCall(owner, { phone: "+15559990000", email: "PAT@prospect-law.test", seconds: 60 });
    expect((await callRow(byEmail)).clientId).toBe(client.id);
  });

  it("remembers nothing it was not asked to, and nothing outside the call's participants", async () => {
    const client = await buildClient(owner.c, { name: "Quiet Co" });
    const id = await capturedCall(owner, { phone: "+15550103000", email: "someone@quiet.test" });
    await expectNothingChanged(t.app.db, async () => {
      const stranger = await owner.c.post(`/api/calls/${id}/assign-client`, {
        clientId: client.id,
        remember: [{ kind: "phone", value: "+15550104000" }],
      });
      expect(stranger.status).toBe(400);
      expect(stranger.body.message).toBe("+15550104000 is not a number of this call's participants");
      const notPhone = await owner.c.post(`/api/calls/${id}/assign-client`, {
        clientId: client.id,
        remember: [{ kind: "phone", value: "call me" }],
      });
      expect(notPhone.status).toBe(400);
      expect(notPhone.body.message).toBe("call me is not a phone number");
      const otherAddress = await owner.c.post(`/api/calls/${id}/assign-client`, {
        clientId: client.id,
        remember: [{ kind: "email", value: "other@quiet.test" }],
      });
      expect(otherAddress.status).toBe(400);
      expect(otherAddress.body.message).toBe("other@quiet.test is not an address of this call's participants");
    });
    const plain = await owner.c.post(`/api/calls/${id}/assign-client`, { clientId: client.id });
    expect(plain.status).toBe(200);
    expect(plain.body.remembered).toEqual([]);
    const remembered = await t.app.db.select().from(clientIdentities).where(eq(clientIdentities.clientId, client.id));
    expect(remembered).toEqual([]);
  });

  it("moves a number remembered for another client to the one chosen now, and says so", async () => {
    const first = await buildClient(owner.c, { name: "First Firm" });
    const second = await buildClient(owner.c, { name: "Second Firm" });
    const a = await capturedCall(owner, { phone: "+15550105000", email: null });
    await owner.c.post(`/api/calls/${a}/assign-client`, {
      clientId: first.id,
      remember: [{ kind: "phone", value: "+15550105000" }],
    });
    const b = await capturedCall(owner, { phone: "+15550105000", email: null });
    expect((await callRow(b)).clientId).toBe(first.id);
    const moved = await owner.c.post(`/api/calls/${b}/assign-client`, {
      clientId: second.id,
      remember: [{ kind: "phone", value: "+15550105000" }],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.remembered).toEqual([{ kind: "phone", value: "+15550105000", movedFrom: "First Firm" }]);
    const c = await capturedCall(owner, { phone: "+15550105000", email: null });
    expect((await callRow(c)).clientId).toBe(second.id);
  });

  it("notes the client's rules on a running call without pricing it, and it stays running", async () => {
    const client = await buildClient(owner.c, { name: "Running Rate", billingRate: "90.00" });
    const id = await capturedCall(owner, { active: true, phone: "+15550106000" });
    const response = await owner.c.post(`/api/calls/${id}/assign-client`, { clientId: client.id, remember: [] });
    expect(response.status).toBe(200);
    expect(response.body.call).toMatchObject({
      clientName: "Running Rate",
      active: true,
      rate: "90.00",
      amount: "0.00",
      endTime: null,
    });
    const active = await owner.c.get("/api/calls/active");
    expect(active.body.find((call: { id: number }) => call.id === id)).toMatchObject({
      clientName: "Running Rate",
      source: "twilio",
    });
  });
});

describe("what assigning refuses", () => {
  it("refuses an invoiced call with 409 and changes nothing", async () => {
    const client = await buildClient(owner.c, { name: "Billed Client" });
    const id = await capturedCall(owner);
    const invoice = await buildInvoice(owner, { clientId: client.id });
    await t.app.db.update(calls).set({ invoiceId: invoice.id }).where(eq(calls.id, id));
    await expectNothingChanged(t.app.db, async () => {
      const response = await owner.c.post(`/api/calls/${id}/assign-client`, { clientId: client.id });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(INVOICED_CALL_MESSAGE);
      expect(INVOICED_CALL_MESSAGE).toBe("This call is on an invoice and cannot be reassigned");
    });
  });

  it("answers 404 for another account's call or client, and an event of one account never reaches another's stream", async () => {
    const mine = await buildClient(owner.c, { name: "Mine" });
    const theirs = await buildClient(stranger.c, { name: "Theirs" });
    const ownCall = await capturedCall(owner);
    const theirCall = await capturedCall(stranger);
    const strangerStream = await openCallStream(t.baseUrl, stranger.c);
    await expectNothingChanged(t.app.db, async () => {
      const foreignCall = await owner.c.post(`/api/calls/${theirCall}/assign-client`, { clientId: mine.id });
      expect(foreignCall.status).toBe(404);
      expect(foreignCall.body.message).toBe("Call not found");
      const foreignClient = await owner.c.post(`/api/calls/${ownCall}/assign-client`, { clientId: theirs.id });
      expect(foreignClient.status).toBe(404);
      expect(foreignClient.body.message).toBe("Client not found");
    });
    expect((await owner.c.post(`/api/calls/${ownCall}/assign-client`, { clientId: mine.id })).status).toBe(200);
    const marker = (await stranger.c.post("/api/calls/start", {})).body.id as number;
    await strangerStream.waitFor((e) => e.event === "call" && JSON.parse(e.data).callId === marker);
    // The stranger's own call may still arrive: on PostgreSQL its notification travels to the hub's
    // listening connection on its own, and can land after the stream opened. Any other id is the leak this
    // test is for; notifications come in commit order, so one from the owner's assignment would be in
    // before the marker.
    const seen = callIdsIn(strangerStream);
    expect(seen).not.toContain(ownCall);
    expect(seen.filter((id) => id !== theirCall)).toEqual([marker]);
    await strangerStream.close();
  });

  it("refuses an archived client with 409, and a missing clientId with 400", async () => {
    const client = await buildClient(owner.c, { name: "Old Client" });
    expect((await owner.c.delete(`/api/clients/${client.id}`)).status).toBeLessThan(300);
    const id = await capturedCall(owner);
    await expectNothingChanged(t.app.db, async () => {
      const archived = await owner.c.post(`/api/calls/${id}/assign-client`, { clientId: client.id });
      if (archived.status !== 404) {
        expect(archived.status).toBe(409);
        expect(archived.body.message).toBe("Old Client is archived and takes no new calls");
      }
      const missing = await owner.c.post(`/api/calls/${id}/assign-client`, { remember: [] });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toContain("clientId");
    });
  });

  it("refuses a signed-out caller", async () => {
    const response = await t.client().post("/api/calls/1/assign-client", { clientId: 1 });
    expect(response.status).toBe(401);
  });
});
