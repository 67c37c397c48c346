import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

/**
 * In a Node process of its own, as in the browser: zod-jitless runs before anything has loaded zod. The unit
 * tier's files share a worker (vitest.config.ts), where other files have already loaded zod and let it probe.
 */
it("puts zod in jitless mode, so it never probes eval under the CSP", () => {
  const setting = fileURLToPath(new URL("./zod-jitless.ts", import.meta.url));
  const script = `
    await import(${JSON.stringify(setting)});
    const { config, util } = await import("zod/v4/core");
    process.stdout.write(JSON.stringify({ jitless: config().jitless, allowsEval: util.allowsEval.value }));`;
  const seen = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
  expect(JSON.parse(seen)).toEqual({ jitless: true, allowsEval: false });
});
