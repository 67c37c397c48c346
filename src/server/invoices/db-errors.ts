/**
 * PostgreSQL error codes reach us either directly (node-postgres, PGlite) or wrapped by Drizzle
 * (`DrizzleQueryError.cause`); this reads either.
 */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** 23505: a unique index refused the row (here: a call or email already on an invoice). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === "23505";
}
