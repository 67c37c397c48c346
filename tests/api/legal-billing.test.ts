import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { centsToE4, extendedAmountE4 } from "../../src/core/ledes/decimal.js";
import { readLedesFigures } from "../../src/core/ledes/read-ledes-invoice.js";
import { calls, invoices } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildCall, buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Legal e-billing over HTTP (docs/ledes.md): the settings, matters and codes, the codes an
 * invoice keeps, the check before download, both files read back to the invoice's numbers, and
 * what is refused (bad input, another account's ids, sent invoices, the switch off).
 */
let t: TestApp;
const NOW = new Date("2026-02-10T15:00:00Z");

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
});
afterAll(async () => {
  await t?.close();
});

const SETTINGS = {
  enabled: true,
  lawFirmId: "12-3456789",
  timekeeperId: "JD",
  timekeeperName: "Jane Doe",
  timekeeperClassification: "PT",
};

/** An account with legal e-billing on, a client with its e-billing id and one matter. */
async function legalAccount(): Promise<{ who: TestAccount; clientId: number; matterId: number }> {
  const who = await newAccount(t);
  expect((await who.c.put("/api/settings/legal-billing", SETTINGS)).status).toBe(200);
  const client = await buildClient(who.c, { name: "Acme Corp", email: "gc@acme.com" });
  const matter = await who.c.post(`/api/clients/${client.id}/matters`, {
    lawFirmMatterId: "M-100",
    clientMatterId: "ACME-7",
    description: "Acme v. Widget",
  });
  expect(matter.status).toBe(201);
  const saved = await who.c.put(`/api/clients/${client.id}/legal`, {
    ledesClientId: "ACME",
    defaultMatterId: matter.body.id,
    defaultTaskCode: "L120",
    defaultActivityCode: null,
  });
  expect(saved.status).toBe(200);
  return { who, clientId: client.id, matterId: matter.body.id };
}

describe("legal e-billing settings", () => {
  it("are off for a new account, and save the firm's id and the user's timekeeper fields", async () => {
    const who = await newAccount(t, { firstName: "Jane", lastName: "Doe" });
    const before = await who.c.get("/api/settings/legal-billing");
    expect(before.body).toEqual({
      enabled: false,
      lawFirmId: null,
      timekeeperId: null,
      timekeeperName: null,
      defaultTimekeeperName: "Jane Doe",
      timekeeperClassification: null,
    });
    const saved = await who.c.put("/api/settings/legal-billing", { ...SETTINGS, timekeeperName: "" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      enabled: true,
      lawFirmId: "12-3456789",
      timekeeperId: "JD",
      timekeeperName: null,
      timekeeperClassification: "PT",
    });
  });

  it("refuse what a portal would refuse, with the field's own message, and change nothing", async () => {
    const who = await newAccount(t);
    for (const [body, message] of [
      [{ ...SETTINGS, timekeeperClassification: "Partner" }, "Timekeeper classification must be one of PT, AS, OC, LA, OT"],
      [
        { ...SETTINGS, lawFirmId: "Müller & Söhne" },
        "Law firm ID may use only plain letters, digits and punctuation (no accents)",
      ],
      [{ ...SETTINGS, lawFirmId: "X".repeat(21) }, "Law firm ID must be at most 20 characters (portals refuse longer ones)"],
      [{ ...SETTINGS, timekeeperId: "A|B" }, "Timekeeper ID cannot contain | [ or ]"],
      [{ ...SETTINGS, enabled: "yes" }, "Choose whether legal e-billing is on"],
    ] as const) {
      const response = await expectNothingChanged(t.app.db, () => who.c.put("/api/settings/legal-billing", body));
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
    }
  });
});

describe("matters and codes", () => {
  it("keeps matters per client; a duplicate number is a 409 and another account's ids are 404s", async () => {
    const { who, clientId, matterId } = await legalAccount();
    const duplicate = await who.c.post(`/api/clients/${clientId}/matters`, { lawFirmMatterId: "M-100", clientMatterId: "X" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe("This client already has a matter numbered M-100");
    const missing = await who.c.post(`/api/clients/${clientId}/matters`, { lawFirmMatterId: "", clientMatterId: "X" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("Your matter number is required");

    const stranger = await newAccount(t);
    const strangerClient = await buildClient(stranger.c, { name: "Mine" });
    await expectNothingChanged(t.app.db, async () => {
      expect((await stranger.c.get(`/api/clients/${clientId}/legal`)).status).toBe(404);
      expect(
        (await stranger.c.post(`/api/clients/${clientId}/matters`, { lawFirmMatterId: "Z", clientMatterId: "Z" })).status,
      ).toBe(404);
      expect((await stranger.c.put(`/api/matters/${matterId}`, { lawFirmMatterId: "Z", clientMatterId: "Z" })).status).toBe(404);
      expect((await stranger.c.delete(`/api/matters/${matterId}`)).status).toBe(404);
      const foreignDefault = await stranger.c.put(`/api/clients/${strangerClient.id}/legal`, {
        ledesClientId: null,
        defaultMatterId: matterId,
        defaultTaskCode: null,
        defaultActivityCode: null,
      });
      expect(foreignDefault.status).toBe(404);
      expect(foreignDefault.body.message).toBe("Matter not found");
    });
    const legal = await who.c.get(`/api/clients/${clientId}/legal`);
    expect(legal.body.matters).toEqual([
      { id: matterId, clientId, lawFirmMatterId: "M-100", clientMatterId: "ACME-7", description: "Acme v. Widget" },
    ]);
  });

  it("accepts only UTBMS codes, and a call's matter must be its client's", async () => {
    const { who, clientId, matterId } = await legalAccount();
    const otherClient = await buildClient(who.c, { name: "Other" });
    const otherMatter = await who.c.post(`/api/clients/${otherClient.id}/matters`, {
      lawFirmMatterId: "O-1",
      clientMatterId: "O-1",
    });
    const call = await buildCall(who, { clientId, startedAt: "2026-01-05T10:00:00Z", durationSeconds: 420 });
    for (const [body, message] of [
      [{ matterId, taskCode: "L100", activityCode: null }, "Choose a UTBMS task code such as L120 or C300"],
      [{ matterId, taskCode: "L120", activityCode: "A112" }, "Choose a UTBMS activity code from A101 to A111"],
      [{ matterId: otherMatter.body.id, taskCode: "L120", activityCode: null }, "That matter belongs to another client"],
    ] as const) {
      const response = await expectNothingChanged(t.app.db, () => who.c.put(`/api/calls/${call.id}/legal-codes`, body));
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
    }
    const saved = await who.c.put(`/api/calls/${call.id}/legal-codes`, { matterId, taskCode: "l310", activityCode: "A104" });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      chosen: { matterId, taskCode: "L310", activityCode: "A104" },
      billedWith: { matterId, taskCode: "L310", activityCode: "A104" },
    });
    const stranger = await newAccount(t);
    expect((await stranger.c.get(`/api/calls/${call.id}/legal-codes`)).status).toBe(404);
    expect(
      (
        await expectNothingChanged(t.app.db, () =>
          stranger.c.put(`/api/calls/${call.id}/legal-codes`, { matterId: null, taskCode: null, activityCode: null }),
        )
      ).status,
    ).toBe(404);
  });

  it("defaults a call with the client to A106 and one with only outsiders to A108", async () => {
    const { who, clientId } = await legalAccount();
    const withClient = await buildCall(who, { clientId, durationSeconds: 600 });
    const withOutsider = await buildCall(who, { clientId, durationSeconds: 600 });
    await t.app.db
      .update(calls)
      .set({ participants: [{ email: "clerk@court.example", name: "Clerk" }] })
      .where(eq(calls.id, withOutsider.id));
    expect((await who.c.get(`/api/calls/${withClient.id}/legal-codes`)).body.billedWith.activityCode).toBe("A106");
    expect((await who.c.get(`/api/calls/${withOutsider.id}/legal-codes`)).body.billedWith).toMatchObject({
      activityCode: "A108",
      taskCode: "L120",
    });
  });
});

describe("LEDES export", () => {
  it("checks, lets a draft's line be recoded, and downloads both formats with the invoice's numbers exactly", async () => {
    const { who, clientId, matterId } = await legalAccount();
    const coded = await buildCall(who, { clientId, startedAt: "2026-01-05T10:00:00Z", durationSeconds: 7 * 60 });
    const second = await buildCall(who, {
      clientId,
      startedAt: "2026-01-06T10:00:00Z",
      durationSeconds: 95 * 60 + 20,
      rules: { rateCents: 400, billingType: "minute", minimumBillingMinutes: 15, roundingIncrementMinutes: 6 },
    });
    await who.c.put(`/api/calls/${coded.id}/legal-codes`, { matterId, taskCode: "L310", activityCode: null });
    // The client's default task is cleared, so the second call has none: the check must say so.
    await who.c.put(`/api/clients/${clientId}/legal`, {
      ledesClientId: "ACME",
      defaultMatterId: matterId,
      defaultTaskCode: null,
      defaultActivityCode: null,
    });
    const generated = await who.c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId,
      template: "professional",
    });
    expect(generated.status).toBe(201);
    const invoice = generated.body.invoices[0];
    // The invoice kept its codes: changing the client's defaults now changes nothing on it.
    await who.c.put(`/api/clients/${clientId}/legal`, {
      ledesClientId: "ACME",
      defaultMatterId: matterId,
      defaultTaskCode: "C300",
      defaultActivityCode: null,
    });

    const check = await who.c.get(`/api/invoices/${invoice.id}/ledes/check?format=ledes1998b`);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      format: "ledes1998b",
      editable: true,
      checkedAt: null,
      fileName: `${invoice.invoiceNumber}.ledes1998b.txt`,
    });
    const secondLine = check.body.lines.find((line: { position: number }) => line.position === 2);
    expect(check.body.lines[0]).toMatchObject({ position: 1, matterId, taskCode: "L310", activityCode: "A106" });
    expect(check.body.issues).toEqual([
      {
        severity: "error",
        rule: "required",
        location: "Line 4",
        lineItemNumber: "2",
        itemId: secondLine.itemId,
        field: "LINE_ITEM_TASK_CODE",
        fieldLabel: "Task code",
        message: "Task code is empty; portals refuse the invoice without it: choose a UTBMS task code such as L120 or C300",
      },
    ]);
    const refused = await expectNothingChanged(t.app.db, () =>
      who.c.post(`/api/invoices/${invoice.id}/ledes/checked?format=ledes1998b`),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(
      "The file still has 1 problem a portal would refuse; first: Line 4: Task code is empty",
    );

    const recoded = await who.c.put(`/api/invoice-items/${secondLine.itemId}/legal-codes`, {
      matterId,
      taskCode: "L120",
      activityCode: "A108",
    });
    expect(recoded.status).toBe(200);
    for (const format of ["ledes1998b", "ledesxml21"] as const) {
      const clean = await who.c.get(`/api/invoices/${invoice.id}/ledes/check?format=${format}`);
      expect(clean.body.issues).toEqual([]);
      const file = await who.c.get(`/api/invoices/${invoice.id}/ledes?format=${format}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${clean.body.fileName}"`);
      const detail = await who.c.get(`/api/invoices/${invoice.id}`);
      const figures = readLedesFigures(format, file.text);
      expect(figures.invoiceNumber).toBe(invoice.invoiceNumber);
      expect(figures.invoiceTotalE4).toBe(centsToE4(Math.round(Number(invoice.total) * 100)));
      expect(figures.lines.map((line) => line.totalE4)).toEqual(
        detail.body.items.map((item: { amount: string }) => centsToE4(Math.round(Number(item.amount) * 100))),
      );
      for (const line of figures.lines) {
        expect(extendedAmountE4(line.unitsE4 ?? -1n, line.unitCostE4 ?? -1n) + (line.adjustmentE4 ?? 0n)).toBe(line.totalE4);
      }
      expect(figures.lines.map((line) => [line.taskCode, line.activityCode, line.clientMatterId, line.timekeeperId])).toEqual([
        ["L310", "A106", "ACME-7", "JD"],
        ["L120", "A108", "ACME-7", "JD"],
      ]);
    }
    const marked = await who.c.post(`/api/invoices/${invoice.id}/ledes/checked?format=ledesxml21`);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({
      invoiceId: invoice.id,
      checkedAt: NOW.toISOString(),
      message: `Invoice ${invoice.invoiceNumber} is marked as checked`,
    });
    expect((await who.c.get("/api/invoices/ledes-checks")).body).toEqual([
      { invoiceId: invoice.id, format: "ledesxml21", checkedAt: NOW.toISOString() },
    ]);

    // The matter is on an invoice now; an invoiced call is recoded on the invoice, not on the call.
    const deleteMatter = await expectNothingChanged(t.app.db, () => who.c.delete(`/api/matters/${matterId}`));
    expect(deleteMatter.status).toBe(409);
    expect(deleteMatter.body.message).toBe(`Matter M-100 is on invoice ${invoice.invoiceNumber}; it cannot be deleted`);
    const invoicedCall = await expectNothingChanged(t.app.db, () =>
      who.c.put(`/api/calls/${second.id}/legal-codes`, { matterId, taskCode: "L110", activityCode: null }),
    );
    expect(invoicedCall.status).toBe(409);
    expect(invoicedCall.body.message).toBe("This call is invoiced: change its codes on the invoice's lines instead");

    // A sent invoice is never edited (D9).
    await t.app.db.update(invoices).set({ status: "sent" }).where(eq(invoices.id, invoice.id));
    const sentLine = await expectNothingChanged(t.app.db, () =>
      who.c.put(`/api/invoice-items/${secondLine.itemId}/legal-codes`, { matterId, taskCode: "L110", activityCode: null }),
    );
    expect(sentLine.status).toBe(409);
    expect(sentLine.body.message).toBe(
      `Invoice ${invoice.invoiceNumber} is sent: a sent invoice is never edited; void it and generate a replacement`,
    );
    expect((await who.c.get(`/api/invoices/${invoice.id}/ledes/check?format=ledes1998b`)).body.editable).toBe(false);

    const stranger = await newAccount(t);
    await stranger.c.put("/api/settings/legal-billing", SETTINGS);
    for (const path of [
      `/api/invoices/${invoice.id}/ledes/check?format=ledes1998b`,
      `/api/invoices/${invoice.id}/ledes?format=ledes1998b`,
    ]) {
      expect((await stranger.c.get(path)).status).toBe(404);
    }
    expect(
      (
        await stranger.c.put(`/api/invoice-items/${secondLine.itemId}/legal-codes`, {
          matterId: null,
          taskCode: null,
          activityCode: null,
        })
      ).status,
    ).toBe(404);
    expect((await stranger.c.post(`/api/invoices/${invoice.id}/ledes/checked?format=ledes1998b`)).status).toBe(404);
  });

  it("exports a client billed per day or per invoice with every line's arithmetic exact and the invoice's total", async () => {
    for (const roundingScope of ["day", "invoice"] as const) {
      const { who, clientId } = await legalAccount();
      const client = await who.c.put(`/api/clients/${clientId}`, {
        billingRate: "300.00",
        billingType: "hour",
        minimumBillingMinutes: "15",
        roundingIncrementMinutes: "6",
        roundingScope,
      });
      expect(client.status).toBe(200);
      // Three short calls on one day and one on the next: grouped, the rounding and the minimum land once per
      // group, on its last line, so lines no longer carry 15 minutes each.
      for (const [startedAt, minutes] of [
        ["2026-01-05T09:00:00Z", 4],
        ["2026-01-05T11:00:00Z", 7],
        ["2026-01-05T15:00:00Z", 2],
        ["2026-01-06T10:00:00Z", 3],
      ] as const) {
        await buildCall(who, { clientId, startedAt, durationSeconds: minutes * 60 + 13 });
      }
      const generated = await who.c.post("/api/invoices", {
        dateFrom: "2026-01-01",
        dateTo: "2026-01-31",
        clientId,
        template: "professional",
      });
      expect(generated.status).toBe(201);
      const invoice = generated.body.invoices[0];
      // Per call it would be 4 × 15 min = $300. Per day: 13m39s → 18 min ($90) and 3m13s → 15 min ($75).
      // Per invoice: 16m52s → 18 min ($90).
      expect(Number(invoice.total)).toBe(roundingScope === "day" ? 165 : 90);
      const detail = await who.c.get(`/api/invoices/${invoice.id}`);
      expect(detail.body.items).toHaveLength(4);
      for (const format of ["ledes1998b", "ledesxml21"] as const) {
        const check = await who.c.get(`/api/invoices/${invoice.id}/ledes/check?format=${format}`);
        expect(check.body.issues, `${roundingScope} ${format}`).toEqual([]);
        const file = await who.c.get(`/api/invoices/${invoice.id}/ledes?format=${format}`);
        expect(file.status).toBe(200);
        const figures = readLedesFigures(format, file.text);
        expect(figures.invoiceTotalE4).toBe(centsToE4(Math.round(Number(invoice.total) * 100)));
        expect(figures.lines.map((line) => line.totalE4)).toEqual(
          detail.body.items.map((item: { amount: string }) => centsToE4(Math.round(Number(item.amount) * 100))),
        );
        for (const line of figures.lines) {
          expect(extendedAmountE4(line.unitsE4 ?? -1n, line.unitCostE4 ?? -1n) + (line.adjustmentE4 ?? 0n)).toBe(line.totalE4);
        }
      }
    }
  });

  it("refuses an unknown format, and any export while legal e-billing is off", async () => {
    const { who, clientId } = await legalAccount();
    await buildCall(who, { clientId, startedAt: "2026-01-05T10:00:00Z" });
    const invoice = (
      await who.c.post("/api/invoices", { dateFrom: "2026-01-01", dateTo: "2026-01-31", clientId, template: "minimal" })
    ).body.invoices[0];
    const badFormat = await who.c.get(`/api/invoices/${invoice.id}/ledes?format=csv`);
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.message).toContain("Format must be ledes1998b or ledesxml21");
    await who.c.put("/api/settings/legal-billing", { ...SETTINGS, enabled: false });
    const off = await who.c.get(`/api/invoices/${invoice.id}/ledes?format=ledes1998b`);
    expect(off.status).toBe(409);
    expect(off.body.message).toBe("Legal e-billing is off: turn it on in Settings → Billing → Legal e-billing first");
  });
});
