import type { SyncRunJson } from "@core/contracts/financial-integrations";
import { describe, expect, it } from "vitest";
import { financialIntegrationFixture as record } from "./financial-integration-fixture";
import { lastSyncText, providerCards, runProgressText } from "./provider-cards-model";

function run(overrides: Partial<SyncRunJson>): SyncRunJson {
  return {
    id: 9,
    state: "running",
    from: "2026-03-01",
    to: "2026-03-31",
    total: 40,
    synced: 10,
    failed: 2,
    message: null,
    createdAt: "2026-04-01T10:00:00.000Z",
    finishedAt: null,
    ...overrides,
  };
}

describe("provider cards", () => {
  it("shows all eight providers, not connected without a record", () => {
    const cards = providerCards([]);
    expect(cards.map((card) => card.provider.id)).toEqual([
      "quickbooks",
      "xero",
      "freshbooks",
      "csv",
      "sage",
      "wave",
      "timberline",
      "netsuite",
    ]);
    expect(cards.every((card) => card.status === "not connected" && card.needsConnect && !card.canSyncNow)).toBe(true);
  });

  it("offers Connect to an OAuth record without consent, Configure once consented, and Sync Now only when connected and not csv", () => {
    const cards = providerCards([
      record({ id: 1, integrationId: "quickbooks", status: "connected", authorized: true }),
      record({ id: 2, integrationId: "xero", status: "disconnected", authorized: false }),
      record({ id: 3, integrationId: "csv", status: "connected" }),
      record({ id: 4, integrationId: "sage", status: "error", lastError: "Invalid API key" }),
    ]);
    const byId = Object.fromEntries(cards.map((card) => [card.provider.id, card]));
    expect(byId.quickbooks).toMatchObject({ status: "connected", needsConnect: false, canSyncNow: true });
    expect(byId.xero).toMatchObject({ status: "not connected", needsConnect: true, canSyncNow: false });
    expect(byId.csv).toMatchObject({ status: "connected", needsConnect: false, canSyncNow: false });
    expect(byId.sage).toMatchObject({ status: "error", needsConnect: false, canSyncNow: false });
  });

  it("says the run's progress, then its outcome, and Never before any sync", () => {
    expect(runProgressText(null)).toBeNull();
    expect(runProgressText(run({ state: "queued", synced: 0, failed: 0 }))).toBe("Syncing 0 of 40 invoices");
    expect(runProgressText(run({}))).toBe("Syncing 12 of 40 invoices");
    expect(runProgressText(run({ state: "succeeded", synced: 38, failed: 2 }))).toBe("Synced 38, failed 2");
    expect(lastSyncText(null, () => "x")).toBe("Last sync: Never");
    expect(lastSyncText("2026-04-01T10:00:00.000Z", (instant) => instant.slice(0, 10))).toBe("Last sync: 2026-04-01");
  });
});
