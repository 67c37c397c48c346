import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, integrations } from "../../src/server/db/schema/index.js";
import { secretBoxFor } from "../../src/server/http/secrets.js";
import type { ApiClient } from "../helpers/api-client.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { joinAs } from "../helpers/team.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { zoomDelivery, zoomEvent } from "../helpers/zoom-webhook.js";

/**
 * Issue 26 §2: each member connects their own capture sources. Two members of one practice connect
 * Zoom with different secrets; each one's signed delivery lands on their own calls; neither can read
 * or disconnect the other's connection by id; owner/admin see every member's (never a secret); a
 * secret sealed before members had their own connections still opens.
 */
const A_TOKEN = "member-a-zoom-secret-token";
const B_TOKEN = "member-b-zoom-secret-token";
const A_CLIENT_SECRET = "member-a-client-secret-Qx1";
const B_CLIENT_SECRET = "member-b-client-secret-Rz2";

const clock = new Date("2026-03-03T10:00:30Z");
let t: TestApp;
let owner: TestAccount;
let memberA: { c: ApiClient; userId: number };
let memberB: { c: ApiClient; userId: number };
let billing: ApiClient;
let aPath: string;
let bPath: string;
let provider: ApiClient;

async function connectZoom(c: ApiClient, secretToken: string, clientSecret: string): Promise<string> {
  const response = await c.post("/api/integrations/setup-zoom", {
    apiKey: "zoomClientId",
    apiSecret: clientSecret,
    webhookSecretToken: secretToken,
  });
  if (response.status !== 200) throw new Error(`setup-zoom failed: ${response.status} ${response.text}`);
  return new URL(response.body.webhookUrl).pathname;
}

function deliver(path: string, uuid: string, secretToken: string) {
  const event = zoomEvent(
    "meeting.started",
    { uuid, topic: `Meeting ${uuid}` },
    { eventTs: Date.parse("2026-03-03T10:00:01Z"), startTime: "2026-03-03T10:00:00Z" },
  );
  const { rawBody, headers } = zoomDelivery(event, { secretToken, timestamp: Math.floor(clock.getTime() / 1000) });
  return provider.request("POST", path, { rawBody, headers, marker: false });
}

async function callOwnerOf(externalUuid: string): Promise<number | null | undefined> {
  const rows = await t.app.db
    .select({ userId: calls.userId })
    .from(calls)
    .where(and(eq(calls.accountId, owner.accountId), sql`${calls.externalId} like ${`%${externalUuid}%`}`));
  return rows[0]?.userId;
}

const zoomRowOf = async (userId: number) =>
  (
    await t.app.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.userId, userId), eq(integrations.kind, "meeting"), eq(integrations.provider, "zoom")))
  )[0]!;

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  provider = t.client();
  owner = await newAccount(t, { plan: "team" });
  const a = await joinAs(t, owner.c, "member");
  const b = await joinAs(t, owner.c, "member");
  memberA = { c: a.c, userId: a.user.id };
  memberB = { c: b.c, userId: b.user.id };
  billing = (await joinAs(t, owner.c, "billing")).c;
  aPath = await connectZoom(memberA.c, A_TOKEN, A_CLIENT_SECRET);
  bPath = await connectZoom(memberB.c, B_TOKEN, B_CLIENT_SECRET);
});
afterAll(async () => t?.close());

describe("two members, two Zoom connections", () => {
  it("gives each member their own row, webhook URL and secret", async () => {
    expect(aPath).not.toBe(bPath);
    const rowA = await zoomRowOf(memberA.userId);
    const rowB = await zoomRowOf(memberB.userId);
    expect(rowA.id).not.toBe(rowB.id);
    expect(rowA.secretVersion).toBe(2);
    const mineA = await memberA.c.get("/api/integrations/zoom");
    expect(mineA.status).toBe(200);
    expect(mineA.body).toMatchObject({ configured: true, hasSecretToken: true, status: "awaiting_events" });
    expect(new URL(mineA.body.webhookUrl).pathname).toBe(aPath);
    // The owner has connected nothing of their own.
    expect((await owner.c.get("/api/integrations/zoom")).body).toMatchObject({ configured: false });
  });

  it("attributes A's signed delivery to A and B's to B", async () => {
    expect((await deliver(aPath, "uuidOfA==", A_TOKEN)).status).toBe(200);
    expect((await deliver(bPath, "uuidOfB==", B_TOKEN)).status).toBe(200);
    expect(await callOwnerOf("uuidOfA==")).toBe(memberA.userId);
    expect(await callOwnerOf("uuidOfB==")).toBe(memberB.userId);
  });

  it("refuses A's URL signed with B's secret, and changes nothing", async () => {
    const response = await expectNothingChanged(t.app.db, () => deliver(aPath, "uuidCrossed==", B_TOKEN));
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("Invalid signature: x-zm-signature does not match this webhook's Secret Token");
  });
});

describe("who sees which connection", () => {
  it("shows a member only their own connections", async () => {
    const listA = await memberA.c.get("/api/integrations/connections");
    expect(listA.status).toBe(200);
    expect(listA.body.everyMember).toBe(false);
    expect(listA.body.connections).toHaveLength(1);
    expect(listA.body.connections[0]).toMatchObject({
      source: "zoom",
      label: "Zoom",
      status: "connected",
      member: { id: memberA.userId, isYou: true },
    });
  });

  it("shows owner and admin every member's connections, attributed", async () => {
    const list = await owner.c.get("/api/integrations/connections");
    expect(list.body.everyMember).toBe(true);
    expect(list.body.connections.map((c: { member: { id: number } }) => c.member.id)).toEqual([
      memberA.userId,
      memberB.userId,
    ]);
    expect(list.body.connections[0].member).toMatchObject({ name: "Grace member", isYou: false });
  });

  it("never answers a secret, and A's webhook URL only to A on A's own Zoom tab", async () => {
    const rowA = await zoomRowOf(memberA.userId);
    for (const c of [owner.c, memberA.c, memberB.c, billing]) {
      for (const path of ["/api/integrations/connections", "/api/integrations/zoom", `/api/integrations/connections/${rowA.id}`]) {
        const response = await c.get(path);
        const mayShowUrl = c === memberA.c && path === "/api/integrations/zoom";
        for (const secret of [A_TOKEN, B_TOKEN, A_CLIENT_SECRET, B_CLIENT_SECRET, ...(mayShowUrl ? [] : [rowA.webhookToken!])])
          expect(response.text, `${path}`).not.toContain(secret);
      }
    }
  });

  it("answers 404 to a member who reads or disconnects another member's connection by id, and changes nothing", async () => {
    const rowB = await zoomRowOf(memberB.userId);
    const read = await memberA.c.get(`/api/integrations/connections/${rowB.id}`);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe("Connection not found");
    const removed = await expectNothingChanged(t.app.db, () => memberA.c.delete(`/api/integrations/connections/${rowB.id}`));
    expect(removed.status).toBe(404);
    expect(removed.body.message).toBe("Connection not found");
    // The owner may read it (status only) but disconnects only their own.
    expect((await owner.c.get(`/api/integrations/connections/${rowB.id}`)).status).toBe(200);
    expect((await owner.c.delete(`/api/integrations/connections/${rowB.id}`)).status).toBe(404);
    // Billing has no connect-own permission at all.
    expect((await billing.delete(`/api/integrations/connections/${rowB.id}`)).status).toBe(403);
  });

  it("answers 400 to an id that is not one", async () => {
    const response = await memberA.c.get("/api/integrations/connections/abc");
    expect(response.status).toBe(400);
  });

  it("lets a member disconnect their own by id: its URL stops accepting events, B's keeps working, captured calls stay", async () => {
    const rowA = await zoomRowOf(memberA.userId);
    const other = t.client();
    expect((await other.get(`/api/integrations/connections/${rowA.id}`)).status).toBe(401);
    const done = await memberA.c.delete(`/api/integrations/connections/${rowA.id}`);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("Disconnected: its credentials were erased. Captured calls and emails stay.");
    expect((await deliver(aPath, "uuidAfter==", A_TOKEN)).status).toBe(404);
    expect((await deliver(bPath, "uuidOfB2==", B_TOKEN)).status).toBe(200);
    expect(await callOwnerOf("uuidOfA==")).toBe(memberA.userId);
    expect((await memberA.c.get("/api/integrations/connections")).body.connections).toEqual([]);
  });
});

describe("secrets sealed before members had their own connections", () => {
  it("still open, and a copy into another member's row does not", async () => {
    const who = await newAccount(t, { plan: "team" });
    const box = secretBoxFor(t.app.config);
    const legacyToken = "legacy-secret-token-before-0022";
    // Sealed as the code before migration 0022 did: the context named account, kind and provider only.
    const ciphertext = box.encryptJson(
      { clientId: "legacyId", clientSecret: "legacy-client-secret", secretToken: legacyToken },
      `integrations:${who.accountId}:meeting:zoom`,
    );
    const [row] = await t.app.db
      .insert(integrations)
      .values({
        accountId: who.accountId,
        userId: who.userId,
        kind: "meeting",
        provider: "zoom",
        enabled: true,
        status: "awaiting_events",
        config: { events: ["meeting.started"] },
        secretCiphertext: ciphertext,
        webhookToken: "legacyWebhookTokenForTheTest0022",
      })
      .returning();
    expect(row!.secretVersion).toBe(1);
    const shown = await who.c.get("/api/integrations/zoom");
    expect(shown.body).toMatchObject({ configured: true, clientId: "legacyId", hasSecretToken: true });
    const path = "/api/webhooks/zoom/legacyWebhookTokenForTheTest0022";
    expect((await deliver(path, "uuidLegacy==", legacyToken)).status).toBe(200);

    // A version-2 row of another member holding that ciphertext: it does not open there.
    const other = await joinAs(t, who.c, "member");
    await t.app.db.insert(integrations).values({
      accountId: who.accountId,
      userId: other.user.id,
      kind: "meeting",
      provider: "zoom",
      enabled: true,
      status: "awaiting_events",
      secretCiphertext: box.encryptJson({ secretToken: legacyToken }, `integrations:v2:${who.accountId}:${who.userId}:meeting:zoom`),
      secretVersion: 2,
    });
    expect((await other.c.get("/api/integrations/zoom")).body).toMatchObject({ configured: true, hasSecretToken: false });

    // Saving again re-seals it with the current context, and it still opens.
    await connectZoom(who.c, legacyToken, "legacy-client-secret");
    const resealed = await zoomRowOf(who.userId);
    expect(resealed.secretVersion).toBe(2);
    expect((await who.c.get("/api/integrations/zoom")).body).toMatchObject({ hasSecretToken: true });
  });
});
