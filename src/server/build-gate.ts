/**
 * `npm start` on a fresh clone (scripts/start.mjs) imports the server's bundle once the bundle and the web app are
 * built, while the build's template step still makes the PGlite template and fills a new data folder: the server
 * loads its modules on the core that step leaves idle (docs/performance.md, issue 22 §3). The start reads nothing
 * the build makes (the template, the data folder) before this resolves; start.mjs ends the process if the build
 * fails. Without a build in progress (a later start, the tests) it resolves at once.
 */
const BUILD_IN_PROGRESS = Symbol.for("minutely.buildInProgress");

export async function buildFinished(): Promise<void> {
  await (globalThis as { [BUILD_IN_PROGRESS]?: Promise<void> })[BUILD_IN_PROGRESS];
}
