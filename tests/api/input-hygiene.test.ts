import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATE_OUT_OF_RANGE, TEXT_NOT_STORABLE } from "../../src/core/contracts/common.js";
import { clients } from "../../src/server/db/schema/index.js";
import { databaseErrorToAppError, sqlState } from "../../src/server/http/database-errors.js";
import type { ApiClient } from "../helpers/api-client.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { signUp, signUpInput } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 11, defects 4, 5, 12 and 13: text PostgreSQL cannot store, dates outside 1900–2200,
 * non-canonical ids and constraint violations raised through Drizzle are all 4xx answers that change
 * nothing, never 500s and never another spelling of a real record.
 */
let t: TestApp;
let client: ApiClient;
let clientId: number;

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\uD800b";

/** Runs a request the server must refuse and asserts no data changed. */
const unchanged = <T>(action: () => Promise<T>) => expectNothingChanged(t.app.db, action);

beforeAll(async () => {
  t = await startTestApp();
  client = t.client();
  await signUp(client);
  const created = await client.post("/api/clients", { name: "Acme" });
  expect(created.status).toBe(201);
  clientId = created.body.id;
});
afterAll(async () => t?.close());

describe("text PostgreSQL cannot store (defect 4)", () => {
  it("refuses a NUL or a lone surrogate in a client's name with a 400 and creates nothing", async () => {
    for (const name of [NUL, LONE_SURROGATE, "\uDC00"]) {
      const answer = await unchanged(() => client.post("/api/clients", { name }));
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body.message).toBe(`name: ${TEXT_NOT_STORABLE}`);
    }
  });

  it("keeps accepting emoji and other well-formed text", async () => {
    const answer = await client.post("/api/clients", { name: "Zoë 😀 株式会社" });
    expect(answer.status).toBe(201);
    expect(answer.body.name).toBe("Zoë 😀 株式会社");
  });

  it("refuses a NUL in sign-up names without a session", async () => {
    const visitor = t.client();
    const answer = await unchanged(() => visitor.post("/api/auth/create-subscription", signUpInput({ firstName: NUL })));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`firstName: ${TEXT_NOT_STORABLE}`);
  });

  it("refuses a NUL in the waitlist's company without a session", async () => {
    const answer = await unchanged(() =>
      t.client().post("/api/waitlist", { email: "nul-company@example.test", company: NUL, joinWaitlist: true }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`company: ${TEXT_NOT_STORABLE}`);
  });

  it.each([
    ["PUT", "/api/clients/:id", { notes: NUL }],
    ["PUT", "/api/settings", { firmName: NUL }],
    ["PUT", "/api/settings", { invoicePrefix: LONE_SURROGATE }],
    ["POST", "/api/calls", { startTime: "2026-01-05T10:00:00Z", duration: 60, notes: NUL }],
    ["POST", "/api/calls/start", { callType: NUL }],
    ["POST", "/api/emails/search", { subjectQuery: NUL }],
    ["POST", "/api/auth/login", { email: "someone@example.test", password: `secret${NUL}` }],
    ["PUT", "/api/integrations/email", { provider: "gmail", username: NUL, password: "x" }],
  ])("%s %s %j is a 400", async (method, path, json) => {
    const answer = await unchanged(() => client.request(method, path.replace(":id", String(clientId)), { json }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(TEXT_NOT_STORABLE);
  });
});

describe("dates outside 1900–2200 (defect 5)", () => {
  it.each(["calls", "emails"])("GET /api/%s/client/{id} with endDate 9999-12-31 is a 400", async (kind) => {
    const answer = await client.get(`/api/${kind}/client/${clientId}?startDate=2026-01-01&endDate=9999-12-31`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(DATE_OUT_OF_RANGE);
  });

  it.each([
    "startDate=1899-12-31&endDate=2026-01-01",
    "startDate=2026-01-01T00:00:00Z&endDate=9999-12-31T00:00:00Z",
    "startDate=0001-01-01T00:00:00Z&endDate=2026-01-01T00:00:00Z",
  ])("GET /api/calls/client/{id}?%s is a 400", async (query) => {
    const answer = await client.get(`/api/calls/client/${clientId}?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(DATE_OUT_OF_RANGE);
  });

  it("refuses an ISO instant on February 30", async () => {
    const answer = await client.get(`/api/calls/client/${clientId}?startDate=2026-02-30T00:00:00Z&endDate=2026-03-02T00:00:00Z`);
    expect(answer.status).toBe(400);
  });

  it("POST /api/invoices with dateTo 9999-12-31 is a 400 and bills nothing", async () => {
    const answer = await unchanged(() => client.post("/api/invoices", { dateFrom: "2026-01-01", dateTo: "9999-12-31", clientId: null }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(DATE_OUT_OF_RANGE);
  });

  it.each(["9999-12-31T00:00:00Z", "1899-12-31T23:59:59Z", "2026-02-30T10:00:00Z"])(
    "POST /api/calls with startTime %s is a 400 and logs nothing",
    async (startTime) => {
      const answer = await unchanged(() => client.post("/api/calls", { clientId, startTime, duration: 60 }));
      expect(answer.status).toBe(400);
    },
  );

  it("keeps accepting dates inside the range", async () => {
    const answer = await client.get(`/api/calls/client/${clientId}?startDate=1900-01-01&endDate=2200-12-31`);
    expect(answer.status).toBe(200);
  });
});

describe("non-canonical ids (defect 12)", () => {
  const spellings: [string, (id: number) => string][] = [
    ["1.0", (id) => `${id}.0`],
    ["01", (id) => `0${id}`],
    ["1e0", (id) => `${id}e0`],
    ["0x1", (id) => `0x${id.toString(16)}`],
    ["+1", (id) => `+${id}`],
    ["%201", (id) => `%20${id}`],
    ["1%20", (id) => `${id}%20`],
    ["00000000001", (id) => String(id).padStart(11, "0")],
    ["2147483648", () => "2147483648"],
  ];
  it.each(spellings)("GET /api/clients/%s is a 400, not another spelling of a record", async (_, spell) => {
    const answer = await client.get(`/api/clients/${spell(clientId)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("id must be a whole number such as 12");
  });

  it("the canonical spelling still answers", async () => {
    expect((await client.get(`/api/clients/${clientId}`)).status).toBe(200);
  });

  it("refuses a non-canonical client id written as text in a body", async () => {
    const answer = await client.post("/api/emails/calculate-billing", {
      emails: [{ id: "m1", subject: "Hello", wordCount: 100, isInbound: true }],
      clientId: `0${clientId}`,
    });
    expect(answer.status).toBe(400);
  });
});

describe("database errors raised through Drizzle (defect 13)", () => {
  it("decodes a real foreign-key violation from its cause chain as a 409", async () => {
    const error = await t.app.db
      .insert(clients)
      .values({ accountId: 2_000_000_000, name: "Nobody's" })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).not.toBeNull();
    expect(sqlState(error)).toBe("23503");
    const decoded = databaseErrorToAppError(error);
    expect(decoded?.status).toBe(409);
  });

  it("answers a check violation raised by a route's query with a 400 and a unique violation with a 409", async () => {
    await t.app.database.exec("alter table clients add constraint hygiene_no_forbidden check (name <> 'Forbidden')");
    await t.app.database.exec("create unique index hygiene_unique_name on clients (account_id, name)");
    try {
      const refused = await client.post("/api/clients", { name: "Forbidden" });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("validation_error");
      expect(refused.body.message).toBe("A value is not allowed");

      const duplicate = await client.post("/api/clients", { name: "Acme" });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error).toBe("conflict");
    } finally {
      await t.app.database.exec("alter table clients drop constraint hygiene_no_forbidden");
      await t.app.database.exec("drop index hygiene_unique_name");
    }
  });
});
