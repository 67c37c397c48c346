import type { z } from "zod";
import { AppError } from "../../core/errors.js";

/**
 * Validates input with a contract schema from src/core. The first issue's message becomes the
 * response message (the contracts' messages are written for people); all issues ride along.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: / received undefined$/.test(issue.message) ? `${issue.path.map(String).join(".") || "A value"} is required` : issue.message,
  }));
  const first = issues[0];
  const message = first ? (first.path && !looksHumanWritten(first.message) ? `${first.path}: ${first.message}` : first.message) : "Invalid input";
  throw new AppError("validation_error", message, issues);
}

/** zod's generic messages ("Invalid input: expected string…") need the field name; ours already read as sentences. */
function looksHumanWritten(message: string): boolean {
  return !/^(Invalid|Expected|Too (big|small)|Unrecognized)/i.test(message);
}
