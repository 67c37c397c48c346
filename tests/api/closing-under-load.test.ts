import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildClient, signUp } from "../helpers/factories.js";
import { startTestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";

/**
 * Issue 31: stopping the server while a request whose client had hung up was still running closed the database
 * under it, and its next query failed ("Cannot use a pool after calling end on the pool"). Closing now waits for
 * running handlers before it closes the database. PostgreSQL only: the test holds a table lock from a second
 * connection to keep a request running for exactly as long as it wants, which one embedded connection cannot.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("closing the server while a request is still running", () => {
  it("waits for the handler of a request whose client hung up, and the request fails nothing", async () => {
    const lines: string[] = [];
    const t = await startTestApp({ logLevel: "info", logDestination: { write: (line) => void lines.push(line) } });
    const owner = t.client();
    await signUp(owner);
    const client = await buildClient(owner, { name: "Harbor & Vale LLP" });

    // GET /api/clients/:id reads the client, then its summary: two trips to the database, one after the other.
    const locker = new pg.Client({ connectionString: t.app.config.databaseUrl });
    await locker.connect();
    await locker.query("begin");
    await locker.query("lock table clients in access exclusive mode");
    const hangUp = new AbortController();
    const request = fetch(`${t.baseUrl}/api/clients/${client.id}`, {
      headers: { cookie: `minutely_session=${owner.cookie("minutely_session")}` },
      signal: hangUp.signal,
    }).catch(() => "hung up");
    await until(
      "the request to wait for the table lock",
      async () => (await locker.query("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()")).rows[0].n,
      (waiting: number) => waiting > 0,
    );
    hangUp.abort();
    expect(await request).toBe("hung up");

    // The server closes with the handler still waiting; the lock is released only once closing has reached the
    // database: either it waits for the handler (the fix) or it has started to close the pool (the defect).
    const closing = t.close();
    const pool = t.app.database.pool as pg.Pool & { ending?: boolean };
    await until(
      "closing to reach the database",
      () => ({ waiting: lines.some((line) => line.includes("request(s) to finish before closing the database")), ending: pool.ending === true }),
      (state) => state.waiting || state.ending,
    );
    await locker.query("commit");
    await locker.end();
    await closing;

    const errors = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } }).filter((entry) => entry.level >= 50);
    expect(errors.map((entry) => entry.err?.message ?? entry.msg)).toEqual([]);
    expect(lines.some((line) => line.includes("waiting for 1 request(s) to finish before closing the database"))).toBe(true);
  });
});
