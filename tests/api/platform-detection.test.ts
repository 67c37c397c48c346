import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MEETING_PLATFORMS } from "../../src/core/contracts/platform-detection.js";
import { setAdministrator } from "../../src/server/admin/set-administrator.js";
import { NEW_LOOK } from "../../src/server/capture/desktop/observe-computer.js";
import { WATCH_MEETINGS_JOB, watchMeetings } from "../../src/server/capture/desktop/watch-meetings.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";

/**
 * Platform Detection (issue 14 §5 and §7; D13; docs/desktop-capture.md) against REAL
 * processes: /bin/sleep copied under meeting apps' names and started by the test. Everything that
 * starts processes lives in this one file, so "none running" cannot see another file's processes.
 */
const noDisplay = !process.env.DISPLAY;
const binDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-platform-"));
const running: ChildProcess[] = [];

/** Starts a real process whose name is `name` (the process list reads /proc/<pid>/exe's name). */
function startApp(name: string): ChildProcess {
  const binary = path.join(binDir, name);
  if (!fs.existsSync(binary)) fs.copyFileSync("/bin/sleep", binary);
  fs.chmodSync(binary, 0o755);
  const child = spawn(binary, ["600"], { stdio: "ignore" });
  running.push(child);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

async function stopAll(): Promise<void> {
  await Promise.all(running.splice(0).map(stop));
}

let t: TestApp;
let a: TestAccount;
let b: TestAccount;
let clock = new Date("2026-03-03T10:00:00Z");
beforeAll(async () => {
  // Every answer a new look at this computer: the processes a test just started or stopped are seen at once,
  // instead of after the shared look's 2 s (that sharing is pinned in observe-computer.test.ts).
  t = await startTestApp({ now: () => clock, platformLook: NEW_LOOK });
  a = await newAccount(t);
  b = await newAccount(t);
  // Two accounts on one server: platform detection is for administrators (platform-detection-access.test.ts).
  for (const who of [a, b]) await setAdministrator(t.app.db, { email: who.account.email, isAdmin: true, now: new Date() });
});
afterEach(stopAll);
afterAll(async () => {
  await stopAll();
  await t?.close();
  fs.rmSync(binDir, { recursive: true, force: true });
});

const status = (who: TestAccount = a) => who.c.get("/api/platform/status").then((r) => r.body);
const detect = (who: TestAccount = a) => who.c.get("/api/platform/detect").then((r) => r.body);
const allFalse = Object.fromEntries(MEETING_PLATFORMS.map((p) => [p, false]));

describe("signed out", () => {
  it("gets 401 from every route, and switching tracking changes nothing", async () => {
    const visitor = t.client();
    for (const route of ["info", "status", "detect", "tracking"]) {
      const response = await visitor.get(`/api/platform/${route}`);
      expect(response.status, route).toBe(401);
    }
    const put = await expectNothingChanged(t.app.db, () => visitor.put("/api/platform/tracking", { enabled: true }));
    expect(put.status).toBe(401);
  });
});

describe("GET /api/platform/info", () => {
  it("names this computer, its system, the platforms known and what can be inspected", async () => {
    const response = await a.c.get("/api/platform/info");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      platform: process.platform,
      arch: process.arch,
      supported: true,
      availablePlatforms: ["zoom", "teams", "meet", "skype", "webex", "discord", "slack"],
      computer: { hostname: os.hostname() },
      inspects: { processes: { available: true, method: "ps-list", reason: null } },
    });
  });

  it.runIf(noDisplay)("says window titles cannot be inspected here, and why", async () => {
    const { inspects } = (await a.c.get("/api/platform/info")).body;
    expect(inspects.windowTitles).toEqual({
      available: false,
      method: null,
      reason: expect.stringContaining("DISPLAY is not set"),
    });
  });
});

describe("with no meeting app running", () => {
  it("shows every platform inactive and detects nothing, with confidence 0", async () => {
    const answer = await until(
      "an empty status",
      () => status(),
      (s) => Object.values(s).every((v) => v !== true),
    );
    expect(answer).toEqual({ ...allFalse, checkedAt: expect.any(String), computer: { hostname: os.hostname() } });
    expect(await detect()).toMatchObject({
      platform: null,
      confidence: 0,
      inMeeting: false,
      details: { processDetected: false, browserDetected: expect.any(Boolean), windowTitleMatched: false },
      evidence: { process: null, windowTitle: null },
      alsoRunning: [],
      computer: { hostname: os.hostname() },
    });
  });

  it.runIf(noDisplay)("says what could not be inspected instead of guessing (window titles, so Meet)", async () => {
    const { notInspected } = await detect();
    expect(notInspected).toEqual([
      "window titles could not be inspected: the server runs without a graphical desktop (DISPLAY is not set)",
      "Google Meet could not be looked for: it runs in a browser tab and has no process of its own, so only a window title can show it",
    ]);
  });
});

describe("with meeting apps running (real processes)", () => {
  it("shows them in the status and detects the platform with its evidence", async () => {
    startApp("zoom");
    startApp("teams-for-linux");
    startApp("slack");
    const answer = await until(
      "the apps in the status",
      () => status(),
      (s) => s.zoom && s.teams && s.slack,
    );
    expect(answer).toMatchObject({
      zoom: true,
      teams: true,
      slack: true,
      meet: false,
      skype: false,
      webex: false,
      discord: false,
    });
    // The same computer for every account: another account sees the same.
    expect(await status(b)).toMatchObject({ zoom: true, teams: true, slack: true });

    // Apps open, no call: equal confidence, the first in the catalogue's order is named, the others listed.
    expect(await detect()).toMatchObject({
      platform: "zoom",
      confidence: 60,
      inMeeting: false,
      details: { processDetected: true, windowTitleMatched: false },
      evidence: { process: "zoom", windowTitle: null },
      alsoRunning: ["teams", "slack"],
    });
  });

  it("names the platform in a call over apps merely open (Zoom's in-meeting CptHost)", async () => {
    startApp("slack");
    startApp("CptHost");
    const result = await until(
      "CptHost in the detection",
      () => detect(),
      (d) => d.inMeeting && d.alsoRunning.length === 1,
    );
    expect(result).toMatchObject({
      platform: "zoom",
      confidence: 90,
      inMeeting: true,
      details: { processDetected: true, windowTitleMatched: false },
      evidence: { process: "CptHost" },
      alsoRunning: ["slack"],
    });
  });

  it("sees an app stop", async () => {
    const zoom = startApp("zoom");
    await until(
      "zoom running",
      () => status(),
      (s) => s.zoom === true,
    );
    await stop(zoom);
    await until(
      "zoom stopped",
      () => status(),
      (s) => s.zoom === false,
    );
  });
});

describe("/api/platform/tracking", () => {
  it("is off until switched on, and refuses bad input changing nothing", async () => {
    expect((await a.c.get("/api/platform/tracking")).body).toEqual({
      enabled: false,
      computer: { hostname: os.hostname() },
      inMeeting: [],
      lastCheckedAt: null,
      watcherRunning: false,
    });
    for (const body of [{}, { enabled: "yes" }, { enabled: true, hostname: "elsewhere" }, []]) {
      const response = await expectNothingChanged(t.app.db, () => a.c.put("/api/platform/tracking", body));
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await a.c.put("/api/platform/tracking", {})).body.message).toBe("enabled must be true or false");
  });

  it("is switched on for this computer, for this account only", async () => {
    const response = await a.c.put("/api/platform/tracking", { enabled: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ enabled: true, computer: { hostname: os.hostname() }, inMeeting: [] });
    expect((await a.c.get("/api/platform/tracking")).body.enabled).toBe(true);
    expect((await b.c.get("/api/platform/tracking")).body.enabled).toBe(false);
  });
});

describe("the desktop meeting watcher (its job function, step by step)", () => {
  const look = () => watchMeetings({ db: t.app.db, now: () => clock, log: t.app.log, config: t.app.config });
  const desktopCalls = async (who: TestAccount) =>
    ((await who.c.get("/api/calls?limit=50")).body as { source: string }[]).filter((call) => call.source === "desktop");

  it("records a call when Zoom's meeting starts (CptHost), not when Zoom is merely open, and ends and prices it when it stops", async () => {
    clock = new Date("2026-03-03T10:00:00Z");
    startApp("zoom");
    expect(await look()).toEqual({ tracking: 1, recorded: 0 });
    expect(await desktopCalls(a)).toEqual([]);

    const inMeeting = startApp("CptHost");
    clock = new Date("2026-03-03T10:01:00Z");
    expect(await look()).toEqual({ tracking: 1, recorded: 1 });
    const [active] = (await a.c.get("/api/calls/active")).body;
    expect(active).toMatchObject({ platform: "zoom", source: "desktop", startTime: "2026-03-03T10:01:00.000Z" });
    expect((await a.c.get("/api/platform/tracking")).body).toMatchObject({
      inMeeting: ["zoom"],
      lastCheckedAt: "2026-03-03T10:01:00.000Z",
    });

    // Nothing changed: nothing recorded.
    clock = new Date("2026-03-03T10:01:10Z");
    expect(await look()).toEqual({ tracking: 1, recorded: 0 });

    await stop(inMeeting);
    clock = new Date("2026-03-03T10:31:00Z");
    expect(await look()).toEqual({ tracking: 1, recorded: 1 });
    expect((await a.c.get("/api/calls/active")).body).toEqual([]);
    const [ended] = await desktopCalls(a);
    expect(ended).toMatchObject({
      platform: "zoom",
      source: "desktop",
      active: false,
      startTime: "2026-03-03T10:01:00.000Z",
      endTime: "2026-03-03T10:31:00.000Z",
      duration: 1800,
      description: `Zoom meeting on ${os.hostname()}`,
    });
    expect(ended).toHaveProperty("amount", expect.stringMatching(/^[1-9]\d*\.\d{2}$/));
    // Tracking is per account: the other account got nothing.
    expect(await desktopCalls(b)).toEqual([]);
  });

  it("ends the call in progress when tracking is switched off, and then looks at nobody", async () => {
    clock = new Date("2026-03-03T11:00:00Z");
    startApp("CptHost");
    expect(await look()).toEqual({ tracking: 1, recorded: 1 });
    clock = new Date("2026-03-03T11:20:00Z");
    const off = await a.c.put("/api/platform/tracking", { enabled: false });
    expect(off.body).toMatchObject({ enabled: false, inMeeting: [] });
    expect((await a.c.get("/api/calls/active")).body).toEqual([]);
    const calls = await desktopCalls(a);
    expect(calls[0]).toMatchObject({ startTime: "2026-03-03T11:00:00.000Z", endTime: "2026-03-03T11:20:00.000Z", active: false });
    expect(await look()).toEqual({ tracking: 0, recorded: 0 });
    expect(await desktopCalls(a)).toHaveLength(2);
  });
});

describe("the desktop meeting watcher on the job queue", () => {
  let q: TestApp;
  let owner: TestAccount;
  let queueClock = new Date("2026-04-01T09:00:00Z");
  beforeAll(async () => {
    q = await startTestApp({
      now: () => queueClock,
      jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000, schedules: true },
    });
    owner = await newAccount(q);
  });
  afterAll(async () => q?.close());

  /**
   * Holds the watcher until the test releases it: its one waiting look put off an hour and no look running. The
   * queue is stately, so while that look waits neither the minute's cron nor a finishing look can queue another.
   */
  async function holdTheWatcher(): Promise<void> {
    await until(
      "the watcher's look to wait, held, with none running",
      async () => {
        await q.app.db.execute(
          sql`update pgboss.job set start_after = now() + interval '1 hour' where name = ${WATCH_MEETINGS_JOB} and state = 'created'`,
        );
        const result = await q.app.db.execute(
          sql`select state, start_after > now() + interval '30 minutes' as held from pgboss.job
              where name = ${WATCH_MEETINGS_JOB} and state in ('created', 'retry', 'active')`,
        );
        return (result as unknown as { rows: { state: string; held: boolean }[] }).rows;
      },
      (rows) => rows.length === 1 && rows[0]!.state === "created" && rows[0]!.held,
    );
  }

  it("is a stately queue re-seeded by a cron every minute", async () => {
    const schedules = await q.app.jobs!.boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "desktop.watch-meetings", cron: "* * * * *" })]),
    );
    const queue = await q.app.jobs!.boss.getQueue("desktop.watch-meetings");
    expect(queue).toMatchObject({ policy: "stately" });
  });

  it("starts when tracking is switched on, records the call's start, keeps looking and records its end", async () => {
    const inMeeting = startApp("CptHost");
    const on = await owner.c.put("/api/platform/tracking", { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, watcherRunning: true });
    const [active] = await until(
      "the job to record the call",
      () => owner.c.get("/api/calls/active").then((r) => r.body as { source: string }[]),
      (list) => list.length === 1,
    );
    expect(active).toMatchObject({ platform: "zoom", source: "desktop", startTime: "2026-04-01T09:00:00.000Z" });

    // The job looks again by itself: it re-queued itself to start WATCH_EVERY_SECONDS (10 s) later. The test
    // holds that look first, so no look is under way when the meeting ends: a look reads the clock when it starts,
    // and one that started before the clock moved and saw the meeting gone would end the call at 09:00 (it did,
    // once in two `npm test` runs beside four busy loops, when the 10 s came round during the stop).
    await holdTheWatcher();
    queueClock = new Date("2026-04-01T09:45:00Z");
    await stop(inMeeting);
    // Released now instead of sitting out the interval: the look sees the meeting gone, and the call ends.
    await q.app.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${WATCH_MEETINGS_JOB} and state = 'created'`,
    );
    await until(
      "the re-queued job to end the call",
      () => owner.c.get("/api/calls/active").then((r) => r.body as unknown[]),
      (list) => list.length === 0,
    );
    const calls = ((await owner.c.get("/api/calls?limit=10")).body as { source: string }[]).filter((c) => c.source === "desktop");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ duration: 2700, endTime: "2026-04-01T09:45:00.000Z", active: false });
    await owner.c.put("/api/platform/tracking", { enabled: false });
  });
});
