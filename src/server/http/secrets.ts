import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";

/**
 * Secrets at rest (docs/decisions.md D12): mailbox passwords and OAuth tokens are stored only as
 * AES-256-GCM ciphertext. Each ciphertext is bound to a context string (for example
 * "integrations:v2:42:7:mailbox:gmail", integrations/integration-store.ts) as additional authenticated data, so a ciphertext copied into another
 * account's row does not decrypt.
 *
 * The key: SECRETS_KEY (32 random bytes, base64) when set; for the embedded install a key file
 * generated once beside the data (`<DATA_DIR>/secrets.key`, mode 0600); an in-memory database
 * (tests) gets a key that lives as long as the process, like its data. With DATABASE_URL and no
 * SECRETS_KEY, every instance would need the same key, so secrets are refused with a clear message.
 */
export type SecretBox = {
  encryptJson: (value: unknown, context: string) => string;
  decryptJson: <T = unknown>(ciphertext: string, context: string) => T;
  /** An HMAC-SHA256 key derived from the secrets key for a named purpose (signed OAuth state). */
  deriveKey: (purpose: string) => Buffer;
};

/** Thrown when a ciphertext was altered, was made for another context or with another key. */
export class SecretDecryptError extends Error {
  constructor(message = "The stored secret could not be decrypted") {
    super(message);
    this.name = "SecretDecryptError";
  }
}

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE_NAME = "secrets.key";

export const MISSING_KEY_MESSAGE =
  "This server cannot store passwords or tokens safely: SECRETS_KEY is not set. An administrator must set SECRETS_KEY to 32 random bytes in base64 (for example `openssl rand -base64 32`), the same on every instance, and restart.";

/** How many opened secrets a box remembers (integrations that receive webhooks; far more than one instance serves). */
const OPENED_LIMIT = 1000;

/**
 * A box over a raw 32-byte key.
 *
 * It remembers the plaintext of the ciphertexts it opened, keyed by context and ciphertext: every webhook delivery
 * opens its integration's sealed secret, and AES-GCM's set-up was about 45 µs of a 2.3 ms delivery in the app
 * (docs/performance.md, issue 22 §3). Derived, not shared state: the same key, context and ciphertext always open
 * to the same plaintext, a ciphertext altered or bound to another context is another key here and is refused as
 * before, and each call still parses its own copy, so a caller that changes what it got changes nothing else. The
 * plaintext stays in this closure; nothing here logs it.
 */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("The secrets key must be exactly 32 bytes");
  const opened = new Map<string, string>();
  const open = (text: string, context: string): string => {
    const parts = text.split(".");
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptError("The stored secret has an unknown format");
    const iv = Buffer.from(parts[1] ?? "", "base64url");
    const tag = Buffer.from(parts[2] ?? "", "base64url");
    const ciphertext = Buffer.from(parts[3] ?? "", "base64url");
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretDecryptError("The stored secret has an unknown format");
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
    } catch {
      throw new SecretDecryptError();
    }
  };
  return {
    encryptJson(value, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value) ?? "null", "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(".");
    },
    decryptJson<T>(text: string, context: string): T {
      const cacheKey = `${context}\u0000${text}`;
      let plain = opened.get(cacheKey);
      if (plain === undefined) {
        plain = open(text, context);
        if (opened.size >= OPENED_LIMIT) opened.delete(opened.keys().next().value as string);
        opened.set(cacheKey, plain);
      }
      try {
        return JSON.parse(plain) as T;
      } catch {
        throw new SecretDecryptError();
      }
    },
    deriveKey(purpose) {
      return Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), `minutely:${purpose}`, 32));
    },
  };
}

/** SECRETS_KEY's bytes: base64 (or base64url); a valid key has exactly 32. */
function secretsKeyBytes(text: string): Buffer {
  return Buffer.from(text.trim(), "base64");
}

/** Is this a usable SECRETS_KEY (checked again at start-up, http/startup-checks.ts)? */
export function isValidSecretsKey(text: string): boolean {
  return secretsKeyBytes(text).length === 32;
}

/** Parses SECRETS_KEY: base64 (or base64url) of exactly 32 bytes. */
export function parseSecretsKey(text: string): Buffer {
  const key = secretsKeyBytes(text);
  if (key.length !== 32) {
    throw new AppError(
      "service_unavailable",
      "SECRETS_KEY must be 32 random bytes in base64 (for example `openssl rand -base64 32`); the configured value is not. An administrator must fix it and restart.",
    );
  }
  return key;
}

/** Reads `<dataDir>/secrets.key`, creating it (0600, exclusive create) the first time. */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE_NAME);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

const boxes = new WeakMap<Config, SecretBox>();

/**
 * The secret box for this deployment, created on first use. Throws a 503 AppError with a message
 * for the administrator when secrets cannot be kept safely (DATABASE_URL without SECRETS_KEY).
 */
export function secretBoxFor(config: Config): SecretBox {
  const cached = boxes.get(config);
  if (cached) return cached;
  let key: Buffer;
  if (config.secretsKey) key = parseSecretsKey(config.secretsKey);
  else if (config.databaseUrl) throw new AppError("service_unavailable", MISSING_KEY_MESSAGE);
  else if (config.inMemoryDatabase) key = randomBytes(32);
  else key = loadOrCreateKeyFile(config.dataDir);
  const box = createSecretBox(key);
  boxes.set(config, box);
  return box;
}

/** HMAC-SHA256 as base64url, for signed values that need no secrecy, only integrity. */
export function sign(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}
