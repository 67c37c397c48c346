import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, sessions } from "../../src/server/db/schema/index.js";
import { signUp } from "../helpers/factories.js";
import { createServerDatabase, startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 11, defect 15: after a sign-out on another instance, this instance's session cache accepted
 * the old cookie for about a second, writes included. Writes now confirm the session in the database;
 * reads keep the cache (the documented window of at most its lifetime).
 */
const LONG_CACHE_MS = 60_000;

async function clientCount(t: TestApp): Promise<number> {
  const [row] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(clients);
  return Number(row?.n);
}

describe("a session deleted in the database, as another instance's sign-out does", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A long cache lifetime makes the window deterministic: without the fix the cached session would serve the write.
    t = await startTestApp({ sessionCacheMs: LONG_CACHE_MS });
  });
  afterAll(async () => t?.close());

  it("stops the next write at once, while a read within the cache's window is still answered", async () => {
    const client = t.client();
    const account = await signUp(client);
    expect((await client.get("/api/auth/user")).status).toBe(200); // now cached on this instance
    expect((await client.post("/api/clients", { name: "Before sign-out" })).status).toBe(201);
    expect((await client.get("/api/auth/user")).status).toBe(200); // cached again after the write dropped it
    const clientsBefore = await clientCount(t);

    await t.app.db.delete(sessions).where(eq(sessions.userId, account.user.id));

    expect((await client.get("/api/auth/user")).status).toBe(200); // the read window: the cache still holds it
    const write = await client.post("/api/clients", { name: "After sign-out" });
    expect(write.status).toBe(401);
    expect(write.body).toMatchObject({ error: "unauthorized", message: "Unauthorized" });
    expect(await clientCount(t)).toBe(clientsBefore);
    // The refused write told this instance the session is gone: its reads stop too.
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  it("keeps serving writes of a live session", async () => {
    const client = t.client();
    await signUp(client);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    for (const name of ["One", "Two"]) expect((await client.post("/api/clients", { name })).status).toBe(201);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createServerDatabase(process.env.TEST_DATABASE_URL as string);
    const shared = {
      databaseUrl: database.url,
      inMemoryDatabase: false,
      pgliteTemplate: undefined,
      sessionCacheMs: LONG_CACHE_MS,
    };
    first = await startTestApp(shared);
    second = await startTestApp(shared);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it("a sign-out on one stops writes on the other at once", async () => {
    const onFirst = first.client();
    await signUp(onFirst);
    const cookie = `minutely_session=${onFirst.cookie("minutely_session")}`;
    const onSecond = second.client();
    const read = () => onSecond.request("GET", "/api/auth/user", { headers: { cookie } });
    expect((await read()).status).toBe(200); // cached on the second instance

    expect((await onFirst.post("/api/auth/logout")).status).toBe(200);

    expect((await read()).status).toBe(200); // the documented read window
    const clientsBefore = await clientCount(second);
    const write = await onSecond.request("POST", "/api/clients", { json: { name: "After sign-out" }, headers: { cookie } });
    expect(write.status).toBe(401);
    expect(await clientCount(second)).toBe(clientsBefore);
    expect((await read()).status).toBe(401);
  });
});
