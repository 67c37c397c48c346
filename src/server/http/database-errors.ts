import { AppError } from "../../core/errors.js";

/**
 * PostgreSQL errors, decoded in one place. The driver's error (node-postgres, PGlite) carries the
 * SQLSTATE as `code`; Drizzle wraps it in a DrizzleQueryError whose `cause` holds it, and a
 * transaction may wrap once more, so the code is looked for along the cause chain.
 */
// Classes are two digits or F0, HV, P0, XX (PostgreSQL's appendix A), so Node's "EPIPE" is not one.
const SQLSTATE = /^(?:\d[0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;
const MAX_CAUSE_DEPTH = 5;

/** The SQLSTATE ("23505") on the error or its causes, or undefined when none is a PostgreSQL error. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current && typeof current === "object"; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && SQLSTATE.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** 23505: a unique index refused the row; services that expect one turn it into their own message. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === "23505";
}

/**
 * The codes that mean the request asked for something the database refuses (a constraint, a value
 * its type cannot hold), with the answer each gets; anything else stays a 500. Contracts refuse
 * these inputs first; this is the net for what they miss, e.g. a row deleted by another request meanwhile.
 */
const ANSWERS: Record<string, () => AppError> = {
  "23505": () => new AppError("conflict", "That record already exists"),
  "23503": () => new AppError("conflict", "That record is still in use or refers to something that does not exist"),
  "23P01": () => new AppError("conflict", "That record overlaps one that already exists"),
  "23514": () => new AppError("validation_error", "A value is not allowed"),
  "23502": () => new AppError("validation_error", "A required value is missing"),
  "22P02": () => new AppError("validation_error", "A value has the wrong format"),
  "22007": () => new AppError("validation_error", "A date or time has the wrong format"),
  "22008": () => new AppError("validation_error", "A date or time is out of range"),
  "22003": () => new AppError("validation_error", "A number is out of range"),
  "22001": () => new AppError("validation_error", "A value is too long"),
  // 22021: a NUL or a byte sequence UTF-8 cannot hold; 22P05: the same inside JSON (\u0000 in jsonb).
  "22021": () => new AppError("validation_error", "Text contains a character that cannot be stored"),
  "22P05": () => new AppError("validation_error", "Text contains a character that cannot be stored"),
};

/** The 4xx a PostgreSQL error stands for, or null when it is our failure (a 500). */
export function databaseErrorToAppError(error: unknown): AppError | null {
  const code = sqlState(error);
  const answer = code ? ANSWERS[code] : undefined;
  return answer ? answer() : null;
}
