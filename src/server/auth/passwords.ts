import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt, memory-hard (docs/decisions.md D3): N=2^15, r=8 → 32 MiB per hash, about 60 ms here.
 * Stored as "scrypt$N$r$p$salt$hash" so parameters can be raised later without a migration; a
 * check always uses the parameters stored with the hash.
 */
export const PASSWORD_HASH_COST = 32768;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N: n, r, p, maxmem: 128 * n * r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `cost` is scrypt's N; only tests pass a lower one (Config.passwordHashCost), never the environment. */
export async function hashPassword(password: string, cost = PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, R, P);
  return `scrypt$${cost}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Verified against when the email is unknown, at the cost new hashes get, so both failures take the same time. */
export function dummyPasswordHash(cost = PASSWORD_HASH_COST): string {
  return `scrypt$${cost}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
}
