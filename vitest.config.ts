import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./tests/helpers/longest-first.js";

const alias = {
  "@core": fileURLToPath(new URL("./src/core", import.meta.url)),
  "@server": fileURLToPath(new URL("./src/server", import.meta.url)),
  "@web": fileURLToPath(new URL("./src/web", import.meta.url)),
};

/**
 * Projects:
 * - unit: pure rules beside the code (src/**\/*.test.ts).
 * - contract: our clients of outside services against their local stand-ins (tests/stand-ins),
 *   with no database, so they run once, not once per database (issue 22 §2).
 * - api: HTTP tests through buildApp on a fresh database per file; PGlite by default,
 *   the PostgreSQL server when TEST_DATABASE_URL is set (npm run test:system).
 * - e2e: browser journeys in Debian Chromium against a real server (system only).
 * - system: tests needing outside programs (pdftotext, Dovecot) (system only).
 */
/**
 * expect.poll waits for what a journey or a background job will show, not for a deadline: vitest's default of
 * 1 s failed a journey on a loaded machine (the dashboard drew its timers later than that). A wait that never
 * comes still fails, at the test's own budget.
 */
const POLL = { poll: { timeout: 30_000, interval: 50 } };

/**
 * Budgets are a safety net for a test that hangs, never a speed check: on a 2-core machine at load 20 (eight
 * suites at once) a 240-request burst took 25-30 s and an app with its job queue took over 60 s to start,
 * so the API tier's budgets are 120 s a test and 180 s a hook (issue 22 §1).
 */
const API_BUDGET = { testTimeout: 120_000, hookTimeout: 180_000 };

export default defineConfig({
  resolve: { alias },
  test: {
    env: { TZ: "UTC" },
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by each file's content):
    // CI runs vitest three times on the same sources, and each run's main process transformed them all again for
    // its workers (the last phase's two main processes: 55 s of CPU in its first six minutes without it, 20 s in the
    // whole phase with it; docs/performance.md, issue 22 §2).
    experimental: { fsModuleCache: true },
    // The browser journeys and system tests start longest first (a fresh clone has no run history to order by).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // Property tests run thousands of cases: 5 s (the default) ran out at load 25.
      // Its files share a worker's modules, as the API tier's do (isolate: false): a fresh process and import per
      // file were most of the tier's CPU (unit + contract: 116 s -> 42 s, docs/performance.md, issue 22 §2,
      // 2026-11-29). A file that changes something global puts it back (read-cache.test.ts's clock, the calendar
      // tests' TZ); one that needs a fresh process starts its own (zod-jitless.test.ts).
      {
        resolve: { alias },
        test: { name: "unit", include: ["src/**/*.test.ts"], environment: "node", maxWorkers: 2, testTimeout: 60_000, isolate: false },
      },
      {
        resolve: { alias },
        test: {
          name: "contract",
          include: ["tests/contract/**/*.test.ts"],
          testTimeout: 60_000,
          expect: POLL,
          hookTimeout: 60_000,
          pool: "forks",
          maxWorkers: 2,
          // As the unit and API tiers: the providers' SDKs load once per worker, not once per file.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/helpers/global-setup.ts"],
          ...API_BUDGET,
          expect: POLL,
          pool: "forks",
          maxWorkers: 2,
          // Test files share their worker's modules: the server and its SDKs load once per worker, not
          // once per file (that was half of npm test: docs/performance.md, issue 22). Each file still
          // starts its own app on its own database, and module-level caches are keyed by what they cache.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/helpers/global-setup.ts"],
          // A safety net, never a speed check: at load 15 (CI beside three other suites) the axe pass over
          // every public page and the first-run journey ran past 90 s, with nothing wrong.
          testTimeout: 180_000,
          // A journey's poll waits as long as its browser's actions and waits (tests/e2e/harness.ts, 90 s): the
          // journeys gave 3, 5, 15 and 30 s to what a page shows after a background job, a poll or a live push,
          // speed checks at load 20-30 (a wait that never comes still fails, inside the test's 180 s).
          expect: { poll: { timeout: 90_000, interval: 50 } },
          hookTimeout: 240_000,
          pool: "forks",
          // Two journeys at a time, one per core: each file has its own server, database, stand-ins and browser.
          // The system tests run in the same group (same worker count), so no worker idles while the other ends
          // the journeys, and neither while the system tests run one after another (issue 22 §2, CI time).
          maxWorkers: 2,
          // As in the API tier: a worker loads the server, its SDKs and Playwright once, not once per file
          // (CI's browser phase spent 138 s importing modules); each file still starts its own server and browser.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "system",
          include: ["tests/system/**/*.test.ts"],
          globalSetup: ["tests/helpers/global-setup.ts"],
          // The journeys' safety net, never a speed check: these start real servers, Dovecot, pdftotext and benches
          // beside the journeys, and at load 12 a 1,000-line PDF took 11 s and a first start of the built server on
          // a new data folder 11 s, a fifth of the 60 s they had (issue 22 §1, load 20-30 is four to six times that).
          testTimeout: 180_000,
          expect: POLL,
          hookTimeout: 240_000,
          pool: "forks",
          // Each system test has its own ports, data folders and databases, so two run at once; in the
          // journeys' group, longest first with them (tests/helpers/longest-first.ts).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
