import { describe, expect, it } from "vitest";
import { databaseErrorToAppError, isUniqueViolation, sqlState } from "./database-errors.js";

/** The decoding rules; a real failed query through Drizzle is in tests/api/input-hygiene.test.ts. */
describe("sqlState", () => {
  it("reads the code on the error, its cause or a cause further down", () => {
    expect(sqlState({ code: "23505" })).toBe("23505");
    expect(sqlState(Object.assign(new Error("Failed query"), { cause: { code: "23503" } }))).toBe("23503");
    expect(sqlState({ cause: { cause: { code: "22P02" } } })).toBe("22P02");
  });

  it("ignores Node's error codes and values that are not errors", () => {
    expect(sqlState({ code: "EPIPE" })).toBeUndefined();
    expect(sqlState({ code: "ECONNRESET", cause: { code: "23505" } })).toBe("23505");
    expect(sqlState(null)).toBeUndefined();
    expect(sqlState("23505")).toBeUndefined();
  });
});

describe("databaseErrorToAppError", () => {
  it.each([
    ["23505", 409],
    ["23503", 409],
    ["23514", 400],
    ["23502", 400],
    ["22P02", 400],
    ["22021", 400],
    ["22007", 400],
    ["22008", 400],
    ["22003", 400],
  ])("maps %s to %i", (code, status) => {
    expect(databaseErrorToAppError({ cause: { code } })?.status).toBe(status);
  });

  it("leaves our own failures (a lost connection, a syntax error) to the 500 path", () => {
    expect(databaseErrorToAppError({ code: "08006" })).toBeNull();
    expect(databaseErrorToAppError({ code: "42601" })).toBeNull();
    expect(databaseErrorToAppError(new Error("boom"))).toBeNull();
  });

  it("isUniqueViolation sees through Drizzle's wrapper", () => {
    expect(isUniqueViolation({ cause: { code: "23505" } })).toBe(true);
    expect(isUniqueViolation({ cause: { code: "23503" } })).toBe(false);
  });
});
