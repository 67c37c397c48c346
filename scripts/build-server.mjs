// Bundles the server entry points into dist/server with esbuild; npm packages stay external.
import { build } from "esbuild";

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
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("server bundled into dist/server");
