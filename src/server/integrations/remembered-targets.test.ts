import { describe, expect, it } from "vitest";
import { MAX_REMEMBERED, RememberedTargets } from "./remembered-targets.js";

describe("RememberedTargets", () => {
  it("answers what was remembered by token, and nothing once forgotten", () => {
    const remembered = new RememberedTargets<{ id: number }>();
    remembered.set("token-a", { id: 1 });
    expect(remembered.get("token-a")).toEqual({ value: { id: 1 } });
    expect(remembered.get("token-b")).toBeUndefined();
    remembered.forget("token-a");
    expect(remembered.get("token-a")).toBeUndefined();
  });

  it("keeps at most MAX_REMEMBERED, letting go of the one used least recently", () => {
    const remembered = new RememberedTargets<number>();
    for (let n = 0; n < MAX_REMEMBERED; n++) remembered.set(`token-${n}`, n);
    // Used just now, so not the one to go.
    expect(remembered.get("token-0")).toEqual({ value: 0 });
    remembered.set("one-more", -1);
    expect(remembered.size).toBe(MAX_REMEMBERED);
    expect(remembered.get("token-0")).toEqual({ value: 0 });
    expect(remembered.get("token-1")).toBeUndefined();
    expect(remembered.get("one-more")).toEqual({ value: -1 });
  });

  it("remembers a null target (a token that names no row) apart from an unknown one", () => {
    const remembered = new RememberedTargets<null>();
    remembered.set("names-nothing", null);
    expect(remembered.get("names-nothing")).toEqual({ value: null });
  });
});
