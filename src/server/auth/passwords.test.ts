import { describe, expect, it } from "vitest";
import { dummyPasswordHash, hashPassword, PASSWORD_HASH_COST, verifyPassword } from "./passwords.js";

describe("password hashes", () => {
  it("are scrypt N=2^15, r=8, p=1 by default (docs/decisions.md D3), and check the right password only", async () => {
    expect(PASSWORD_HASH_COST).toBe(2 ** 15);
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsf", stored)).toBe(false);
  });

  it("take a lower cost only when one is passed (tests), and are checked with the cost stored in them", async () => {
    const stored = await hashPassword("correct horse", 1024);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("wrong", stored)).toBe(false);
  });

  it("match no password in the dummy an unknown email is checked against, at the default cost unless told", async () => {
    expect(dummyPasswordHash()).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(dummyPasswordHash(1024)).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("", dummyPasswordHash(1024))).toBe(false);
  });

  it("refuse a stored value that is not an scrypt hash", async () => {
    expect(await verifyPassword("x", "bcrypt$2b$10$abc")).toBe(false);
    expect(await verifyPassword("x", "")).toBe(false);
  });
});
