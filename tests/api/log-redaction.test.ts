import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, signUpInput } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 11, defect 11: a sign-up that failed inside the database logged the query's parameters
 * (`scrypt$32768$…`, a token hash). The log of such a failure must still say what failed (the SQL
 * text, the database's code) and hold no password, hash, token or cookie.
 */
const PASSWORD = "correct horse battery staple";
const EMAIL = "log-redaction@example.test";

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({ logLevel: "info", logDestination: { write: (line) => void lines.push(line) } });
});
afterAll(async () => t?.close());

describe("the log of a sign-up that fails in the database", () => {
  it("says what failed and holds no password, hash, token or cookie", async () => {
    // A signed-in visitor, so the failing request carries a real session cookie.
    const visitor = t.client();
    await signUp(visitor);
    const cookie = visitor.cookie("minutely_session");
    expect(cookie).toBeTruthy();

    // The insert of the pending sign-up (password hash and token hash among its parameters) fails
    // inside the database with an error no handler knows, so it is logged as a 500.
    await t.app.db.execute(
      sql.raw(`create function minutely_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'pending sign-ups refused by the test'; end $$`),
    );
    await t.app.db.execute(
      sql.raw(
        "create trigger minutely_test_refuse before insert on pending_registrations for each row execute function minutely_test_refuse()",
      ),
    );
    lines.length = 0;
    const response = await visitor.post(
      "/api/auth/create-subscription?signupToken=secret-query-value",
      signUpInput({ email: EMAIL, password: PASSWORD }),
    );
    expect(response.status).toBe(500);
    await t.app.db.execute(sql.raw("drop trigger minutely_test_refuse on pending_registrations"));

    const log = lines.join("");
    expect(log).not.toContain("scrypt$");
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(EMAIL);
    expect(log).not.toContain(cookie);
    expect(log).not.toContain("secret-query-value");
    // A SHA-256 token hash is 43 base64url characters; nothing in the log is that long a run.
    expect(log).not.toMatch(/[A-Za-z0-9_-]{43}/);

    // …and still says what failed, under the request's id.
    const entries = lines.map((line) => JSON.parse(line));
    const failure = entries.find((entry) => entry.err);
    expect(failure, log).toBeDefined();
    expect(failure.reqId).toBe(response.body.requestId);
    expect(failure.err.message).toContain("pending_registrations");
    expect(JSON.stringify(failure.err)).toContain("pending sign-ups refused by the test");
    expect(JSON.stringify(failure.err)).toContain("P0001");
  });
});
