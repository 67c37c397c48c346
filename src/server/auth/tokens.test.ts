import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashToken, isApiTokenShape, newApiToken, newToken } from "./tokens.js";

describe("personal API tokens (docs/api.md)", () => {
  it("are mtly_ and 256 random bits in base64url, and only their SHA-256 is kept", () => {
    const { token, tokenHash } = newApiToken();
    expect(token).toMatch(/^mtly_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(5), "base64url")).toHaveLength(32);
    expect(tokenHash).toBe(createHash("sha256").update(token).digest("base64url"));
    expect(tokenHash).toBe(hashToken(token));
    expect(tokenHash).not.toContain(token.slice(5));
  });

  it("are never the same twice", () => {
    const made = new Set(Array.from({ length: 200 }, () => newApiToken().token));
    expect(made.size).toBe(200);
  });

  it("are recognised by their shape; a session token, a cut or padded token is not one", () => {
    expect(isApiTokenShape(newApiToken().token)).toBe(true);
    expect(isApiTokenShape(newToken().token)).toBe(false);
    expect(isApiTokenShape(newApiToken().token.slice(0, -1))).toBe(false);
    expect(isApiTokenShape(`${newApiToken().token}x`)).toBe(false);
    expect(isApiTokenShape(`mtly_${"a".repeat(42)}!`)).toBe(false);
    expect(isApiTokenShape("")).toBe(false);
  });
});
