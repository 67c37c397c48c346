import type { IntegrationStatus } from "../../../src/core/integration-status.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrations } from "../../../src/server/db/schema/index.js";
import {
  findIntegration,
  type IntegrationKey,
  type IntegrationRow,
  readIntegrationSecret,
  rowOf,
  saveIntegration,
} from "../../../src/server/integrations/integration-store.js";
import { isFresh, type LockedRefresh, refreshUnderLock } from "../../../src/server/integrations/token-refresher.js";
import { secretBoxFor } from "../../../src/server/http/secrets.js";
import { newAccount } from "../../helpers/factories.js";
import { startTestApp, type TestApp } from "../../helpers/test-app.js";

/**
 * The integrations kit's token refresher (src/server/integrations/token-refresher.ts) on a real
 * database: its row lock, its writes and what it commits. The provider's token endpoint is the one
 * thing played here (`provider` below: counts its calls, answers or refuses as each test says);
 * Meet, accounting and the mailbox run the same function against their stand-ins in their own tests.
 */
let t: TestApp;
let key: IntegrationKey;
const now = new Date();
const HOUR = 3_600_000;

type Tokens = { accessToken: string; refreshToken: string; expiresAt: number };

/** The provider's side: each refresh spends the refresh token it is given (as Xero does) and issues a new pair. */
const provider = {
  calls: 0,
  refuseWith: null as Error | null,
  failWith: null as Error | null,
  async refresh(refreshToken: string): Promise<Tokens> {
    this.calls += 1;
    // Lets another caller's transaction reach the lock while this one is inside the provider call.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.refuseWith) throw this.refuseWith;
    if (this.failWith) throw this.failWith;
    return { accessToken: `access-${this.calls}`, refreshToken: `${refreshToken}+`, expiresAt: now.getTime() + HOUR };
  },
};

class Refused extends Error {}

function plan(
  overrides: Partial<LockedRefresh<IntegrationRow, Tokens, string>> = {},
): LockedRefresh<IntegrationRow, Tokens, string> {
  const box = secretBoxFor(t.app.config);
  const tokensOf = (row: IntegrationRow) => readIntegrationSecret<Tokens>(box, row)!;
  return {
    lock: async (tx) => {
      const [row] = await tx.select().from(integrations).where(rowOf(key)).for("update");
      if (!row) throw new Error("no row");
      return row;
    },
    usable: (row) => (isFresh(tokensOf(row).expiresAt, now, 2 * 60_000) ? tokensOf(row).accessToken : null),
    refresh: (row) => provider.refresh(tokensOf(row).refreshToken),
    save: async (tx, _row, renewed) => {
      await saveIntegration(tx, box, key, { secret: renewed }, now);
      return renewed.accessToken;
    },
    isRefused: (error) => error instanceof Refused,
    reconnect: async (tx, _row, error) => {
      await saveIntegration(tx, box, key, { status: "reconnect", lastError: (error as Error).message }, now);
      return new Error("Reconnect the provider");
    },
    ...overrides,
  };
}

async function storeTokens(tokens: Tokens, status: IntegrationStatus = "connected") {
  await saveIntegration(t.app.db, secretBoxFor(t.app.config), key, { status, lastError: null, secret: tokens }, now);
}
const stored = async () => {
  const row = (await findIntegration(t.app.db, key))!;
  return { row, tokens: readIntegrationSecret<Tokens>(secretBoxFor(t.app.config), row)! };
};
const expired = { accessToken: "access-old", refreshToken: "refresh-0", expiresAt: now.getTime() - 1000 };

beforeAll(async () => {
  t = await startTestApp({ jobs: false });
  const a = await newAccount(t);
  key = { accountId: a.accountId, userId: a.userId, kind: "meeting", provider: "kit-test" };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("refreshUnderLock", () => {
  it("uses a stored token that is still fresh without asking the provider", async () => {
    await storeTokens({ accessToken: "access-fresh", refreshToken: "refresh-0", expiresAt: now.getTime() + HOUR });
    provider.calls = 0;
    expect(await refreshUnderLock(t.app.db, plan())).toBe("access-fresh");
    expect(provider.calls).toBe(0);
  });

  it("refreshes a token inside the margin and stores the new pair", async () => {
    await storeTokens({ ...expired, expiresAt: now.getTime() + 60_000 }); // one minute left, margin two
    provider.calls = 0;
    expect(await refreshUnderLock(t.app.db, plan())).toBe("access-1");
    expect(provider.calls).toBe(1);
    expect((await stored()).tokens).toEqual({
      accessToken: "access-1",
      refreshToken: "refresh-0+",
      expiresAt: now.getTime() + HOUR,
    });
  });

  it("five callers at once spend the refresh token once and all get the one new token", async () => {
    await storeTokens(expired);
    provider.calls = 0;
    const tokens = await Promise.all(Array.from({ length: 5 }, () => refreshUnderLock(t.app.db, plan())));
    expect(provider.calls).toBe(1);
    expect(new Set(tokens)).toEqual(new Set(["access-1"]));
    expect((await stored()).tokens.refreshToken).toBe("refresh-0+");
  });

  it("a refused refresh token (invalid_grant): the row says reconnect, committed, and the plan's error is thrown", async () => {
    await storeTokens(expired);
    provider.refuseWith = new Refused("invalid_grant: token revoked");
    try {
      await expect(refreshUnderLock(t.app.db, plan())).rejects.toThrow("Reconnect the provider");
    } finally {
      provider.refuseWith = null;
    }
    const { row, tokens } = await stored();
    expect(row.status).toBe("reconnect");
    expect(row.lastError).toBe("invalid_grant: token revoked");
    expect(tokens).toEqual(expired); // nothing was spent
  });

  it("another failure without `failed`: rethrown as it is and nothing written", async () => {
    await storeTokens(expired);
    const before = (await stored()).row;
    provider.failWith = new Error("503 from the token endpoint");
    try {
      await expect(refreshUnderLock(t.app.db, plan())).rejects.toThrow("503 from the token endpoint");
    } finally {
      provider.failWith = null;
    }
    const { row, tokens } = await stored();
    expect(row.status).toBe("connected");
    expect(row.updatedAt).toEqual(before.updatedAt);
    expect(tokens).toEqual(expired);
  });

  it("another failure with `failed`: its record is committed, the token kept, and its error thrown", async () => {
    await storeTokens(expired);
    provider.failWith = new Error("timeout");
    const box = secretBoxFor(t.app.config);
    try {
      const recording = plan({
        failed: async (tx, _row, error) => {
          await saveIntegration(tx, box, key, { lastError: `Refresh failed: ${(error as Error).message}` }, now);
          return new Error("The provider did not refresh the token: try again later");
        },
      });
      await expect(refreshUnderLock(t.app.db, recording)).rejects.toThrow("try again later");
    } finally {
      provider.failWith = null;
    }
    const { row, tokens } = await stored();
    expect(row.lastError).toBe("Refresh failed: timeout");
    expect(row.status).toBe("connected");
    expect(tokens).toEqual(expired);
  });

  it("a lock step that refuses writes nothing and asks nothing", async () => {
    await storeTokens(expired);
    provider.calls = 0;
    const refusing = plan({
      lock: async (tx) => {
        await tx.update(integrations).set({ lastError: "written before the refusal" }).where(rowOf(key));
        throw new Error("Connect first");
      },
    });
    await expect(refreshUnderLock(t.app.db, refusing)).rejects.toThrow("Connect first");
    expect(provider.calls).toBe(0);
    const [row] = await t.app.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, (await stored()).row.id));
    expect(row!.lastError).toBeNull();
  });
});
