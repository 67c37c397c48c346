// Bundles the server entry points into dist/server with esbuild. Most npm packages stay external (Node loads them
// from node_modules as usual); the few pure-ESM packages published as hundreds of small files are bundled in, since
// Node resolves, reads and links each of their files at every start: date-fns alone was 864 files, drizzle-orm 446,
// libphonenumber-js 233, zod 225, about 0.9 s of a later start (docs/performance.md, issue 22 §3).
//
//   node scripts/build-server.mjs [server|template]   one bundle alone; without an argument, both
import { build } from "esbuild";

/** Packages bundled into the server: ESM only, no native parts, no files read at run time beside their code. */
const BUNDLED_PACKAGES = new Set(["date-fns", "@date-fns/tz", "drizzle-orm", "zod", "libphonenumber-js"]);

const packageName = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
const isBareImport = (specifier) => !specifier.startsWith(".") && !specifier.startsWith("/") && !specifier.startsWith("node:");

/**
 * Every other npm package stays external, as `packages: "external"` would leave it. Only bare specifiers reach
 * this plugin: a JavaScript callback for each of the thousands of relative imports cost a quarter of the build.
 */
const externalExceptBundled = {
  name: "external-except-bundled",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === "entry-point" || !isBareImport(args.path)) return undefined;
      return BUNDLED_PACKAGES.has(packageName(args.path)) ? undefined : { path: args.path, external: true };
    });
  },
};

/**
 * Two bundles, each built by the step that needs it (scripts/build.mjs): the template's alone is about 0.3 s
 * against 0.7 s for all four, so the template's initdb starts that much sooner, while the server's bundle builds
 * beside it (docs/performance.md, issue 22 §3).
 */
const ENTRY_POINTS = {
  server: {
    main: "src/server/main.ts",
    migrate: "src/server/migrate-cli.ts",
    // The calendar feed's reader runs in a worker thread started from main.js by this file name
    // (src/server/capture/calendar/read-feed-in-worker.ts).
    "calendar-feed-worker": "src/server/capture/calendar/read-feed-worker.ts",
  },
  template: { "make-template": "src/server/make-template.ts" },
};
const only = process.argv[2];
if (only !== undefined && !(only in ENTRY_POINTS)) {
  console.error(`scripts/build-server.mjs: no bundle "${only}" (${Object.keys(ENTRY_POINTS).join(", ")})`);
  process.exit(2);
}

await build({
  entryPoints: only ? ENTRY_POINTS[only] : { ...ENTRY_POINTS.server, ...ENTRY_POINTS.template },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [externalExceptBundled],
  sourcemap: true,
  logLevel: "warning",
});
console.log(`server bundled into dist/server${only ? ` (${only})` : ""}`);
