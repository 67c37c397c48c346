// npm run build: the web app (build:web) beside the server bundle and its PGlite template (build:server, then
// build:template, which runs the bundle). The two branches share nothing, so on two cores they overlap: the
// template's initdb is most of the server branch and runs while Vite builds (docs/performance.md, issue 22).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", "--silent", script], { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

async function inOrder(...scripts) {
  for (const script of scripts) {
    const code = await run(script);
    if (code !== 0) return code;
  }
  return 0;
}

const codes = await Promise.all([inOrder("build:web"), inOrder("build:server", "build:template")]);
process.exit(codes.find((code) => code !== 0) ?? 0);
