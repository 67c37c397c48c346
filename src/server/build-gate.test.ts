import { afterEach, describe, expect, it } from "vitest";
import { buildFinished } from "./build-gate.js";

const BUILD_IN_PROGRESS = Symbol.for("minutely.buildInProgress");
const global = globalThis as { [BUILD_IN_PROGRESS]?: Promise<void> };

afterEach(() => {
  delete global[BUILD_IN_PROGRESS];
});

describe("the server's wait for npm start's build", () => {
  it("does not wait when no build is in progress (a later start, the tests)", async () => {
    await expect(buildFinished()).resolves.toBeUndefined();
  });

  it("waits until the build scripts/start.mjs runs has finished", async () => {
    let finish!: () => void;
    global[BUILD_IN_PROGRESS] = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let passed = false;
    const waiting = buildFinished().then(() => {
      passed = true;
    });
    // Every callback already queued runs first: the wait is still pending while the build runs.
    await new Promise((resolve) => setImmediate(resolve));
    expect(passed).toBe(false);
    finish();
    await waiting;
    expect(passed).toBe(true);
  });
});
