import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WaitlistEntriesPage, WaitlistStats } from "../../src/core/contracts/waitlist.js";
import { safeCsvCell } from "../../src/core/csv.js";
import { runAdminCommand } from "../../src/server/admin/admin-command.js";
import { runAdminScript } from "../../src/server/admin/admin-script.js";
import { openDatabase } from "../../src/server/db/client.js";
import { accounts, users, waitlistEntries } from "../../src/server/db/schema/index.js";
import type { ApiClient } from "../helpers/api-client.js";
import { proveEmail } from "../helpers/email-proof.js";
import { signUp } from "../helpers/factories.js";
import { TEMPLATE_PATH } from "../helpers/global-setup.js";
import { runChild } from "../helpers/run-child.js";
import { startSmtpCapture } from "../helpers/smtp-capture.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** Issue 3: the public waitlist (its form's validation messages and toasts) and its administrators-only dashboard (docs/decisions.md D11). */
const NOW = new Date("2026-11-23T12:00:00.000Z");
const DAY_MS = 86_400_000;
const BOSS = "boss@example.test";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let admin: ApiClient;
let member: ApiClient;

beforeAll(async () => {
  // No session cache: the admin command writes the database directly, as it does from its own process,
  // and the next request must see the grant (a cached instance sees it within the cache's one second).
  smtp = await startSmtpCapture();
  t = await startTestApp({
    now: () => NOW,
    adminEmails: [BOSS],
    smtp: { url: smtp.url, from: "Minutely <no-reply@example.test>" },
    waitlistLimit: { limit: 1000, windowSeconds: 600 },
    sessionCacheMs: 0,
  });
  admin = t.client();
  await signUp(admin, { email: "Boss@Example.test" });
  // ADMIN_EMAILS counts only once the owner proved the address (issue 11 defect 1).
  await proveEmail(admin, smtp, BOSS);
  member = t.client();
  await signUp(member);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function entryCount(app: TestApp = t): Promise<number> {
  const [row] = await app.app.db.select({ n: sql<number>`count(*)::int` }).from(waitlistEntries);
  return Number(row?.n);
}

async function clearWaitlist(): Promise<void> {
  await t.app.db.delete(waitlistEntries);
}

describe("POST /api/waitlist", () => {
  it("adds the address, normalised, with company and size, and answers success", async () => {
    await clearWaitlist();
    const response = await t.client().post("/api/waitlist", {
      email: "  Grace.Hopper@Example.COM ",
      company: "  Navy Labs ",
      companySize: "21-50",
      joinWaitlist: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.any(String) });
    const rows = await t.app.db.select().from(waitlistEntries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "grace.hopper@example.com", company: "Navy Labs", companySize: "21-50", joinWaitlist: "true" });
    expect(rows[0]?.createdAt.toISOString()).toBe(NOW.toISOString());
  });

  it("keeps company and size optional (absent, empty or null) and accepts the string 'true'", async () => {
    await clearWaitlist();
    const bodies = [
      { email: "a@example.test", joinWaitlist: true },
      { email: "b@example.test", company: "", companySize: "", joinWaitlist: "true" },
      { email: "c@example.test", company: null, companySize: null, joinWaitlist: true },
    ];
    for (const body of bodies) expect((await t.client().post("/api/waitlist", body)).status).toBe(200);
    const rows = await t.app.db.select().from(waitlistEntries);
    expect(rows.map((r) => [r.email, r.company, r.companySize]).sort()).toEqual([
      ["a@example.test", null, null],
      ["b@example.test", null, null],
      ["c@example.test", null, null],
    ]);
  });

  it("is idempotent: joining twice (any spelling) keeps one entry, the first details, and answers the same", async () => {
    await clearWaitlist();
    const first = await t.client().post("/api/waitlist", { email: "ada@example.test", company: "Engines Ltd", companySize: "1", joinWaitlist: true });
    const second = await t.client().post("/api/waitlist", { email: "ADA@example.test ", company: "Other", companySize: "100+", joinWaitlist: true });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    const rows = await t.app.db.select().from(waitlistEntries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "ada@example.test", company: "Engines Ltd", companySize: "1" });
  });

  it("joins concurrently without an error or a duplicate", async () => {
    await clearWaitlist();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => t.client().post("/api/waitlist", { email: "race@example.test", joinWaitlist: true })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await entryCount()).toBe(1);
  });

  it("rejects bad input with a message naming the field and changes nothing", async () => {
    await clearWaitlist();
    const cases: [unknown, number, string][] = [
      [{ joinWaitlist: true }, 400, "Please enter your email address."],
      [{ email: "", joinWaitlist: true }, 400, "Please enter your email address."],
      [{ email: "   ", joinWaitlist: true }, 400, "Please enter your email address."],
      [{ email: null, joinWaitlist: true }, 400, "Please enter your email address."],
      [{ email: "not-an-email", joinWaitlist: true }, 400, "Please enter a valid email address"],
      [{ email: `${"x".repeat(250)}@example.test`, joinWaitlist: true }, 400, "Email address is too long"],
      [{ email: "ok@example.test" }, 400, "Please confirm you wish to join the waitlist."],
      [{ email: "ok@example.test", joinWaitlist: false }, 400, "Please confirm you wish to join the waitlist."],
      [{ email: "ok@example.test", joinWaitlist: "false" }, 400, "Please confirm you wish to join the waitlist."],
      [{ email: "ok@example.test", joinWaitlist: "yes" }, 400, "Please confirm you wish to join the waitlist."],
      [{ email: "ok@example.test", joinWaitlist: true, companySize: "7" }, 400, "Company size must be one of 1, 2-5, 6-20, 21-50, 51-100, 100+"],
      [{ email: "ok@example.test", joinWaitlist: true, company: 42 }, 400, "Company must be text"],
      [{ email: "ok@example.test", joinWaitlist: true, company: "x".repeat(201) }, 400, "Company must be at most 200 characters"],
      [{ email: 12, joinWaitlist: true }, 400, "Please enter your email address."],
      [[1, 2], 400, ""],
      ["just text", 400, ""],
    ];
    for (const [body, status, message] of cases) {
      const response = await t.client().post("/api/waitlist", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(typeof response.body.message).toBe("string");
      if (message) expect(response.body.message, JSON.stringify(body)).toBe(message);
    }
    const malformed = await t.client().request("POST", "/api/waitlist", { rawBody: '{"email":', headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    const noMarker = await t.client().request("POST", "/api/waitlist", { json: { email: "csrf@example.test", joinWaitlist: true }, marker: false });
    expect(noMarker.status).toBe(403);
    expect(await entryCount()).toBe(0);
  });
});

describe("rate limit per address", () => {
  it("answers 429 with Retry-After after the configured number of joins, and bad input does not count", async () => {
    const limited = await startTestApp({ now: () => NOW, waitlistLimit: { limit: 3, windowSeconds: 600 } });
    try {
      const c = limited.client();
      for (let i = 0; i < 5; i++) expect((await c.post("/api/waitlist", { email: "" })).status).toBe(400);
      for (let i = 0; i < 3; i++) {
        expect((await c.post("/api/waitlist", { email: `r${i}@example.test`, joinWaitlist: true })).status).toBe(200);
      }
      const blocked = await c.post("/api/waitlist", { email: "r9@example.test", joinWaitlist: true });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toBe("rate_limited");
      expect(blocked.body.message).toMatch(/try again/i);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      // A repeat of an address already listed counts too, so the limit cannot be dodged by re-joining.
      expect((await c.post("/api/waitlist", { email: "r0@example.test", joinWaitlist: true })).status).toBe(429);
      expect(await entryCount(limited)).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe("administrators only (docs/decisions.md D11)", () => {
  const paths = ["/api/waitlist/stats", "/api/waitlist/entries?page=1&limit=50", "/api/waitlist/export"];

  it("answers 401 without a session and 403 to a signed-in non-administrator, with no data", async () => {
    for (const p of paths) {
      const anonymous = await t.client().get(p);
      expect(anonymous.status, p).toBe(401);
      const forbidden = await member.get(p);
      expect(forbidden.status, p).toBe(403);
      expect(forbidden.body).toMatchObject({ error: "forbidden", message: expect.stringMatching(/administrator/i) });
      expect(forbidden.text).not.toMatch(/@example/);
    }
    const me = await member.get("/api/auth/user");
    expect(me.body.isAdmin).toBe(false);
  });

  it("answers 200 to an administrator named in ADMIN_EMAILS (any letter case) who proved the address", async () => {
    const me = await admin.get("/api/auth/user");
    expect(me.body.isAdmin).toBe(true);
    for (const p of paths) expect((await admin.get(p)).status, p).toBe(200);
  });

  it("grants and revokes with the admin command (in-process), case-insensitively", async () => {
    const granted = await signUp(t.client());
    const c = t.client();
    await c.post("/api/auth/login", { email: granted.email, password: granted.password });
    expect((await c.get("/api/waitlist/stats")).status).toBe(403);

    const unknown = await runAdminCommand(t.app.db, ["grant", "nobody@example.test"], NOW);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.output).toMatch(/No user with the email nobody@example.test/);

    const grant = await runAdminCommand(t.app.db, ["grant", granted.email.toUpperCase()], NOW);
    expect(grant).toEqual({ exitCode: 0, output: `${granted.email} is now an administrator.` });
    expect((await c.get("/api/waitlist/stats")).status).toBe(200);
    expect((await c.get("/api/auth/user")).body.isAdmin).toBe(true);
    expect((await runAdminCommand(t.app.db, ["list"], NOW)).output).toContain(granted.email);

    const revoke = await runAdminCommand(t.app.db, ["revoke", granted.email], NOW);
    expect(revoke.exitCode).toBe(0);
    expect((await c.get("/api/waitlist/stats")).status).toBe(403);

    const usage = await runAdminCommand(t.app.db, [], NOW);
    expect(usage.exitCode).toBe(2);
    expect(usage.output).toContain("Usage: npm run admin");
    expect((await runAdminCommand(t.app.db, ["promote", "x@example.test"], NOW)).exitCode).toBe(2);
  });
});

describe("npm run admin (the real script)", () => {
  // Each run is a real start (tsx and the database): one took over 60 s at load 30-38 (docs/performance.md). The
  // test's budget is the safety net; runChild ends the script when it runs out, without holding the worker meanwhile.
  const run = (args: string[], env: Record<string, string>, signal: AbortSignal) =>
    runChild(process.execPath, ["--import", "tsx", "src/server/scripts/admin.ts", ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: "silent" },
      signal,
    });

  it("grants a user of the embedded database in DATA_DIR", async ({ signal }) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-admin-"));
    try {
      const seed = await openDatabase({ dataDir, template: new Blob([fs.readFileSync(TEMPLATE_PATH)]) });
      if (seed.kind === "pglite") {
        const [account] = await seed.db.insert(accounts).values({}).returning({ id: accounts.id });
        await seed.db.insert(users).values({ accountId: account!.id, email: "owner@example.test", passwordHash: "x" });
      }
      await seed.close();
      const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
      // The script's body in-process (runAdminScript, which scripts/admin.ts runs and exits with): a failure
      // goes to stderr with its exit code, on the same data folder the real start below opens.
      const written: { log: string[]; error: string[] } = { log: [], error: [] };
      const missing = await runAdminScript({ ...process.env, ...env, LOG_LEVEL: "silent" }, ["grant", "ghost@example.test"], {
        log: (text) => written.log.push(text),
        error: (text) => written.error.push(text),
      });
      expect(missing).toBe(1);
      expect(written.log).toEqual([]);
      expect(written.error.join("\n")).toContain("No user with the email ghost@example.test");
      // One real start (tsx and the embedded database): the script exits with the command's code, the
      // answer on stdout. The usage answer (exit 2) is runAdminCommand's, checked in-process above.
      const ok = await run(["grant", "OWNER@example.test"], env, signal);
      expect(ok.stderr).toBe("");
      expect(ok.status).toBe(0);
      expect(ok.stdout).toContain("owner@example.test is now an administrator.");

      const check = await openDatabase({ dataDir });
      const [row] = await check.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.email, "owner@example.test"));
      await check.close();
      expect(row?.isAdmin).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // a real start of the script (tsx and the embedded database): slow on a busy machine

  // Two real starts of the script: the budget of the test above.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "grants and revokes a user on DATABASE_URL",
    { timeout: 180_000 },
    async ({ signal }) => {
      const account = await signUp(t.client());
      const env = { DATABASE_URL: t.app.config.databaseUrl as string };
      const ok = await run(["grant", account.email], env, signal);
      expect(ok.status, ok.stderr).toBe(0);
      const c = t.client();
      await c.post("/api/auth/login", { email: account.email, password: account.password });
      expect((await c.get("/api/waitlist/stats")).status).toBe(200);
      expect((await run(["revoke", account.email], env, signal)).status).toBe(0);
      expect((await c.get("/api/waitlist/stats")).status).toBe(403);
    },
  );
});

describe("GET /api/waitlist/stats and /entries", () => {
  beforeAll(async () => {
    await clearWaitlist();
    const sizes = ["1", "2-5", "6-20", "21-50", "51-100", "100+", null];
    const companies = ["Acme", "acme ", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Wonka", "Tyrell", null, ""];
    const rows = Array.from({ length: 120 }, (_, i) => ({
      email: `person${String(i).padStart(3, "0")}@example.test`,
      company: companies[i % companies.length] ?? null,
      companySize: sizes[i % sizes.length] ?? null,
      // One signup every 2 hours going back from now: 84 within the last 7 days.
      createdAt: new Date(NOW.getTime() - i * 2 * 3600_000),
    }));
    await t.app.db.insert(waitlistEntries).values(rows);
  });

  it("counts totals, the last 7 days, companies, sizes and the top 8 companies", async () => {
    const response = await admin.get<WaitlistStats>("/api/waitlist/stats");
    expect(response.status).toBe(200);
    const stats = response.body;
    expect(stats.totalSignups).toBe(120);
    // i*2h < 7 days (168 h) for i < 84, and exactly 7 days (i = 84) counts as recent.
    expect(stats.recentSignups).toBe(85);
    // 12 company values, 2 of them empty: 10/12 of 120.
    expect(stats.withCompanies).toBe(100);
    expect(stats.byCompanySize).toEqual([
      { size: "1", count: 18 },
      { size: "2-5", count: 17 },
      { size: "6-20", count: 17 },
      { size: "21-50", count: 17 },
      { size: "51-100", count: 17 },
      { size: "100+", count: 17 },
    ]);
    expect(stats.topCompanies).toHaveLength(8);
    expect(stats.topCompanies[0]).toEqual({ company: "Acme", count: 20 });
    expect(stats.topCompanies.slice(1).map((c) => c.count)).toEqual(Array(7).fill(10));
    expect(stats.topCompanies.slice(1).map((c) => c.company)).toEqual(["Globex", "Hooli", "Initech", "Stark", "Tyrell", "Umbrella", "Wayne"]);
  });

  it("pages 50 at a time, newest first, with the pagination numbers", async () => {
    const seen: string[] = [];
    for (const [page, size] of [[1, 50], [2, 50], [3, 20]] as const) {
      const response = await admin.get<WaitlistEntriesPage>(`/api/waitlist/entries?page=${page}&limit=50`);
      expect(response.status).toBe(200);
      expect(response.body.pagination).toEqual({ page, limit: 50, total: 120, totalPages: 3 });
      expect(response.body.entries).toHaveLength(size);
      seen.push(...response.body.entries.map((e) => e.email));
    }
    expect(new Set(seen).size).toBe(120);
    expect(seen[0]).toBe("person000@example.test");
    expect(seen[119]).toBe("person119@example.test");

    const first = (await admin.get<WaitlistEntriesPage>("/api/waitlist/entries")).body;
    expect(first.pagination).toEqual({ page: 1, limit: 50, total: 120, totalPages: 3 });
    expect(first.entries[0]).toEqual({
      id: expect.any(Number),
      email: "person000@example.test",
      company: "Acme",
      companySize: "1",
      joinWaitlist: "true",
      createdAt: NOW.toISOString(),
    });
    const past = await admin.get<WaitlistEntriesPage>("/api/waitlist/entries?page=9");
    expect(past.body.entries).toEqual([]);
    expect(past.body.pagination.totalPages).toBe(3);
  });

  it("rejects bad paging with a 400", async () => {
    for (const query of ["page=0", "page=-1", "page=abc", "page=1.5", "limit=0", "limit=101", "limit=x"]) {
      const response = await admin.get(`/api/waitlist/entries?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toMatch(/page|limit/);
    }
  });
});

describe("GET /api/waitlist/export", () => {
  const tricky = [
    { email: "comma@example.test", company: "Smith, Jones & Partners", companySize: "2-5" },
    { email: "quote@example.test", company: 'The "Best" Firm', companySize: null },
    { email: "newline@example.test", company: "Line one\nLine two\r\nLine three", companySize: "6-20" },
    { email: "formula@example.test", company: '=HYPERLINK("http://evil.test","click")', companySize: "1" },
    { email: "plus@example.test", company: "+1 555 0100", companySize: null },
    { email: "minus@example.test", company: "-2+3", companySize: null },
    { email: "at@example.test", company: "@SUM(A1:A2)", companySize: null },
    { email: "tab@example.test", company: "\t=1+1", companySize: null },
    { email: "unicode@example.test", company: "Müller & Søn — ÆØÅ 東京", companySize: "100+" },
    { email: "none@example.test", company: null, companySize: null },
  ];

  beforeAll(async () => {
    await clearWaitlist();
    await t.app.db
      .insert(waitlistEntries)
      .values(tricky.map((row, i) => ({ ...row, createdAt: new Date(NOW.getTime() - i * DAY_MS) })));
  });

  it("downloads a dated CSV attachment that parses back to the same rows, with formulas defused", async () => {
    const response = await admin.get("/api/waitlist/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="waitlist-2026-11-23.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");

    const records: string[][] = parse(response.text, { bom: true, relax_column_count: false });
    expect(records[0]).toEqual(["ID", "Email", "Company", "Company Size", "Join Waitlist", "Joined At"]);
    const entries = (await admin.get<WaitlistEntriesPage>("/api/waitlist/entries?limit=100")).body.entries;
    expect(records.slice(1)).toHaveLength(tricky.length);
    const guard = safeCsvCell;
    expect(records.slice(1)).toEqual(
      entries.map((e) => [String(e.id), e.email, guard(e.company), guard(e.companySize), "true", e.createdAt]),
    );
    const byEmail = new Map(records.slice(1).map((r) => [r[1], r]));
    expect(byEmail.get("comma@example.test")?.[2]).toBe("Smith, Jones & Partners");
    expect(byEmail.get("quote@example.test")?.[2]).toBe('The "Best" Firm');
    expect(byEmail.get("newline@example.test")?.[2]).toBe("Line one\nLine two\r\nLine three");
    expect(byEmail.get("formula@example.test")?.[2]).toBe(`'=HYPERLINK("http://evil.test","click")`);
    expect(byEmail.get("plus@example.test")?.[2]).toBe("'+1 555 0100");
    expect(byEmail.get("minus@example.test")?.[2]).toBe("'-2+3");
    expect(byEmail.get("at@example.test")?.[2]).toBe("'@SUM(A1:A2)");
    // The tab is a separator too: the "=" after it is guarded for a reader that splits on tabs.
    expect(byEmail.get("tab@example.test")?.[2]).toBe("'\t'=1+1");
    expect(byEmail.get("unicode@example.test")?.[2]).toBe("Müller & Søn — ÆØÅ 東京");
    expect(byEmail.get("none@example.test")?.slice(2, 4)).toEqual(["", ""]);
    // No cell of the raw file starts a formula.
    for (const record of records) for (const cell of record) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it("exports just the header when the waitlist is empty", async () => {
    await clearWaitlist();
    const response = await admin.get("/api/waitlist/export");
    expect(parse(response.text, { bom: true })).toEqual([["ID", "Email", "Company", "Company Size", "Join Waitlist", "Joined At"]]);
  });
});
