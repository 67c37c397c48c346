import { expect, it } from "vitest";
import "./zod-jitless";

it("puts zod in jitless mode, so it never probes eval under the CSP", async () => {
  const { config, util } = await import("zod/v4/core");
  expect(config().jitless).toBe(true);
  expect(util.allowsEval.value).toBe(false);
});
