// Bundles the server entry points into dist/server with esbuild; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: {
    main: "src/server/main.ts",
    "make-template": "src/server/make-template.ts",
    migrate: "src/server/migrate-cli.ts",
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
