import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.js";
import { loadConfig } from "../config.js";
import {
  createSecretBox,
  KEY_FILE_NAME,
  loadOrCreateKeyFile,
  MISSING_KEY_MESSAGE,
  SecretDecryptError,
  secretBoxFor,
} from "./secrets.js";

const box = createSecretBox(randomBytes(32));

describe("secret box", () => {
  it("round-trips JSON values", () => {
    const value = {
      password: "app pass wörd",
      tokens: { access: "a", refresh: "r", expiresAt: 1_700_000_000_000 },
      n: [1, null, true],
    };
    const ciphertext = box.encryptJson(value, "email_integrations:1");
    expect(ciphertext).not.toContain("app pass");
    expect(ciphertext.startsWith("v1.")).toBe(true);
    expect(box.decryptJson(ciphertext, "email_integrations:1")).toEqual(value);
  });

  it("uses a fresh IV every time", () => {
    expect(box.encryptJson("same", "c")).not.toBe(box.encryptJson("same", "c"));
  });

  it("detects tampering with the ciphertext, the tag or the IV", () => {
    const ciphertext = box.encryptJson({ password: "secret" }, "ctx");
    const parts = ciphertext.split(".");
    for (const index of [1, 2, 3]) {
      const bytes = Buffer.from(parts[index]!, "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      const altered = parts.map((part, i) => (i === index ? bytes.toString("base64url") : part)).join(".");
      expect(() => box.decryptJson(altered, "ctx")).toThrow(SecretDecryptError);
    }
    expect(() => box.decryptJson("not a secret", "ctx")).toThrow(SecretDecryptError);
    expect(() => box.decryptJson("v1.AAAA.BBBB.CCCC", "ctx")).toThrow(SecretDecryptError);
  });

  it("opens a ciphertext it opened before to a fresh copy, and still refuses it altered or in another context", () => {
    const ciphertext = box.encryptJson({ secretToken: "token", nested: { a: 1 } }, "integrations:v2:1:1:zoom");
    const first = box.decryptJson<{ secretToken: string; nested: { a: number } }>(ciphertext, "integrations:v2:1:1:zoom");
    first.nested.a = 2;
    first.secretToken = "changed by a caller";
    expect(box.decryptJson(ciphertext, "integrations:v2:1:1:zoom")).toEqual({ secretToken: "token", nested: { a: 1 } });
    expect(() => box.decryptJson(ciphertext, "integrations:v2:2:1:zoom")).toThrow(SecretDecryptError);
    const parts = ciphertext.split(".");
    const bytes = Buffer.from(parts[3]!, "base64url");
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => box.decryptJson([...parts.slice(0, 3), bytes.toString("base64url")].join("."), "integrations:v2:1:1:zoom")).toThrow(
      SecretDecryptError,
    );
  });

  it("refuses a ciphertext made for another context (another account's row)", () => {
    const ciphertext = box.encryptJson({ password: "secret" }, "email_integrations:1");
    expect(() => box.decryptJson(ciphertext, "email_integrations:2")).toThrow(SecretDecryptError);
  });

  it("refuses a ciphertext made with another key", () => {
    const other = createSecretBox(randomBytes(32));
    const ciphertext = other.encryptJson({ password: "secret" }, "ctx");
    expect(() => box.decryptJson(ciphertext, "ctx")).toThrow(SecretDecryptError);
  });

  it("derives different keys per purpose, the same each time", () => {
    expect(box.deriveKey("a").equals(box.deriveKey("a"))).toBe(true);
    expect(box.deriveKey("a").equals(box.deriveKey("b"))).toBe(false);
  });
});

describe("key selection", () => {
  it("uses SECRETS_KEY when set", () => {
    const key = randomBytes(32).toString("base64");
    const a = secretBoxFor(loadConfig({ SECRETS_KEY: key, DATABASE_URL: "postgres://x/y" }));
    const b = secretBoxFor(loadConfig({ SECRETS_KEY: key }));
    expect(b.decryptJson(a.encryptJson({ x: 1 }, "c"), "c")).toEqual({ x: 1 });
  });

  it("refuses a SECRETS_KEY that is not 32 bytes", () => {
    expect(() => secretBoxFor(loadConfig({ SECRETS_KEY: "c2hvcnQ=" }))).toThrow(/32 random bytes/);
  });

  it("refuses to store secrets with DATABASE_URL and no SECRETS_KEY", () => {
    try {
      secretBoxFor(loadConfig({ DATABASE_URL: "postgres://127.0.0.1/x" }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(503);
      expect((error as AppError).message).toBe(MISSING_KEY_MESSAGE);
    }
  });

  it("generates a key file once beside the embedded data, mode 0600, and reuses it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-secrets-"));
    try {
      const first = secretBoxFor(loadConfig({ DATA_DIR: dir }));
      const file = path.join(dir, KEY_FILE_NAME);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const ciphertext = first.encryptJson({ p: "x" }, "c");
      const second = secretBoxFor(loadConfig({ DATA_DIR: dir }));
      expect(second.decryptJson(ciphertext, "c")).toEqual({ p: "x" });
      expect(loadOrCreateKeyFile(dir).equals(loadOrCreateKeyFile(dir))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
