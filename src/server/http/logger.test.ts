import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serializeError, serializeRequest } from "./logger.js";

describe("serializeError (issue 11, defect 11)", () => {
  it("keeps the SQL, the code and the constraint of a database error, and drops its parameters and the failing row", () => {
    const hash = "scrypt$32768$8$1$c2FsdA$aGFzaA";
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "users_email_check"'), {
      code: "23514",
      constraint: "users_email_check",
      table: "users",
      detail: `Failing row contains (1, ada@example.test, ${hash}).`,
      params: ["ada@example.test", hash],
      where: "SQL statement",
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ["ada@example.test", hash],
      cause,
    );
    const line = serializeError(error);
    const text = JSON.stringify(line);
    expect(text).not.toContain(hash);
    expect(text).not.toContain("ada@example.test");
    expect(line).toMatchObject({
      type: "DrizzleQueryError",
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: [redacted]',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: { code: "23514", constraint: "users_email_check", table: "users" },
    });
    expect(line.stack).toContain("params: [redacted]");
  });

  it("serializes what is not an Error without failing", () => {
    expect(serializeError("boom")).toMatchObject({ message: "boom" });
  });
});

describe("serializeRequest", () => {
  const request = (url: string) =>
    ({ method: "POST", url, host: "example.test", ip: "127.0.0.1", socket: { remotePort: 1 } }) as unknown as Parameters<
      typeof serializeRequest
    >[0];

  it("masks the account token of a webhook path and keeps the rest of the path", () => {
    expect(serializeRequest(request("/api/webhooks/twilio/Zk3-secretish_token/voice")).url).toBe("/api/webhooks/twilio/[token]/voice");
    expect(serializeRequest(request("/api/webhooks/zoom/abcDEF123?x=1")).url).toBe("/api/webhooks/zoom/[token]?x");
  });

  it("keeps other paths and only the names of query parameters", () => {
    expect(serializeRequest(request("/api/clients/12?search=jane")).url).toBe("/api/clients/12?search");
  });
});
