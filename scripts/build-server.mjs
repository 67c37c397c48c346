// Bundles the server entry points into dist/server with esbuild. Most npm packages stay external (Node loads them
// from node_modules as usual); the few pure-ESM packages published as hundreds of small files are bundled in, since
// Node resolves, reads and links each of their files at every start: date-fns alone was 864 files, drizzle-orm 446,
// libphonenumber-js 233, zod 225, about 0.9 s of a later start (docs/performance.md, issue 22 §3).
import { build } from "esbuild";

/** Packages bundled into the server: ESM only, no native parts, no files read at run time beside their code. */
const BUNDLED_PACKAGES = new Set(["date-fns", "@date-fns/tz", "drizzle-orm", "zod", "libphonenumber-js"]);

const packageName = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
const isBareImport = (specifier) => !specifier.startsWith(".") && !specifier.startsWith("/") && !specifier.startsWith("node:");

/** Every other npm package stays external, as `packages: "external"` would leave it. */
const externalExceptBundled = {
  name: "external-except-bundled",
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point" || !isBareImport(args.path)) return undefined;
      return BUNDLED_PACKAGES.has(packageName(args.path)) ? undefined : { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: {
    main: "src/server/main.ts",
    "make-template": "src/server/make-template.ts",
    migrate: "src/server/migrate-cli.ts",
    // The calendar feed's reader runs in a worker thread started from main.js by this file name
    // (src/server/capture/calendar/read-feed-in-worker.ts).
    "calendar-feed-worker": "src/server/capture/calendar/read-feed-worker.ts",
  },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [externalExceptBundled],
  sourcemap: true,
  logLevel: "warning",
});
console.log("server bundled into dist/server");
