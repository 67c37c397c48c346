import { describe, expect, it } from "vitest";
import { requestIdGenerator } from "./request-id.js";

describe("requestIdGenerator", () => {
  it("never repeats an id within a process", () => {
    const next = requestIdGenerator();
    const ids = new Set(Array.from({ length: 10_000 }, next));
    expect(ids.size).toBe(10_000);
  });

  it("gives two processes (two generators) different ids", () => {
    const a = requestIdGenerator();
    const b = requestIdGenerator();
    expect(a()).not.toBe(b());
  });

  it("is safe to put in a header and a log line", () => {
    expect(requestIdGenerator()()).toMatch(/^[A-Za-z0-9_-]{12}-[0-9a-z]+$/);
  });
});
