import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IMPORT_NO_NAME_COLUMN,
  IMPORT_NO_ROWS,
  IMPORT_TOO_MANY_ROWS,
  MAX_IMPORT_ROWS,
} from "../../src/core/contracts/client-import.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** Issue 29 §3: clients that match captured calls: the form's contact check and the CSV import. */
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
let acmeId: number;
beforeAll(async () => {
  t = await startTestApp();
  a = await newAccount(t);
  b = await newAccount(t);
  acmeId = (await buildClient(a.c, { name: "Acme Legal", email: "GC@acme-legal.test", phone: "(212) 555-0199" })).id;
  await buildClient(b.c, { name: "Other Account Client", email: "shared@b.test", phone: "+1 212 555 0177" });
});
afterAll(async () => t?.close());

const check = (who: TestAccount, query: string) => who.c.get(`/api/clients/contact-check?${query}`);

describe("GET /api/clients/contact-check", () => {
  it("reads the phone in the account's country and finds the same number however it is written", async () => {
    const response = await check(a, `phone=${encodeURIComponent("+1 212-555-0199")}&email=new@client.test`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      phone: { e164: "+12125550199", problem: null },
      duplicates: [{ field: "phone", clientId: acmeId, clientName: "Acme Legal" }],
      warning: "Careful: this number is also Acme Legal's. A captured call could match either client.",
    });
  });

  it("warns on the same email in any case, and not about the client being edited", async () => {
    const email = await check(a, "email=gc%40ACME-legal.test");
    expect(email.body.duplicates).toEqual([{ field: "email", clientId: acmeId, clientName: "Acme Legal" }]);
    const self = await check(a, `email=gc%40acme-legal.test&phone=2125550199&excludeId=${acmeId}`);
    expect(self.body).toMatchObject({ duplicates: [], warning: null });
  });

  it("says why a number cannot be read, naming the account's country", async () => {
    const response = await check(a, "phone=555-0199");
    expect(response.body.phone).toEqual({
      e164: null,
      problem:
        "Not a phone number Minutely can read in United States: check it, or start with + and the country code (e.g. +44 20 7946 0958)",
    });
    // Set the country to the United Kingdom: the same national number is now read as British.
    expect((await a.c.put("/api/settings", { phoneCountry: "GB" })).status).toBe(200);
    const uk = await check(a, `phone=${encodeURIComponent("020 7946 0958")}`);
    expect(uk.body.phone).toEqual({ e164: "+442079460958", problem: null });
    expect((await a.c.put("/api/settings", { phoneCountry: "US" })).status).toBe(200);
  });

  it("never looks into another account, and refuses bad input", async () => {
    const response = await check(a, `email=shared%40b.test&phone=${encodeURIComponent("+12125550177")}`);
    expect(response.body.duplicates).toEqual([]);
    for (const query of ["excludeId=01", "excludeId=abc", "unknown=1", `phone=${"1".repeat(51)}`]) {
      const bad = await check(a, query);
      expect(bad.status, query).toBe(400);
    }
    expect((await t.client().get("/api/clients/contact-check?email=x")).status).toBe(401);
  });
});

describe("CSV import of clients", () => {
  const GOOD = [
    "Name,Email,Phone,Company,Rate,Notes",
    "Jane Doe,jane@doe.test,(415) 555-0100,Doe & Co,200.00,ignored",
    '"Roe, Richard",richard@roe.test,,"Roe ""Legal""",,',
    "Bo Li,,+44 20 7946 0000,,$95,",
  ].join("\r\n");

  it("previews every row, warning on duplicates and leaving unknown columns out; nothing is saved", async () => {
    const csv = `${GOOD}\r\nDup Acme,gc@acme-legal.test,,,,\r\nDup Row,jane@doe.test,,,,`;
    const preview = await expectNothingChanged(t.app.db, () => a.c.post("/api/clients/import/preview", { csv }));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ valid: 5, invalid: 0, ignoredColumns: ["Notes"] });
    expect(preview.body.rows[0]).toEqual({
      line: 2,
      name: "Jane Doe",
      email: "jane@doe.test",
      phone: "(415) 555-0100",
      company: "Doe & Co",
      rate: "200.00",
      errors: [],
      warnings: [],
    });
    expect(preview.body.rows[1]).toMatchObject({ name: "Roe, Richard", company: 'Roe "Legal"', email: "richard@roe.test" });
    expect(preview.body.rows[3].warnings).toEqual([
      "Careful: this email is also Acme Legal's. A captured call could match either client.",
    ]);
    expect(preview.body.rows[4].warnings).toEqual([
      "Careful: this email is also Jane Doe on line 2's. A captured call could match either client.",
    ]);
  });

  it("shows each row's errors, and imports nothing while any row has one", async () => {
    const csv = ["name,email,phone,rate", "Good One,good@one.test,,", ",nobody@x.test,,", "Bad Mail,not-an-email,,", "Bad Phone,,555-01,", "Bad Rate,,,abc"].join("\n");
    const preview = await a.c.post("/api/clients/import/preview", { csv });
    expect(preview.body).toMatchObject({ valid: 1, invalid: 4 });
    const errors = preview.body.rows.map((row: { line: number; errors: string[] }) => [row.line, row.errors]);
    expect(errors).toEqual([
      [2, []],
      [3, ["Name is required"]],
      [4, ["Please enter a valid email address"]],
      [
        5,
        [
          "Phone: Not a phone number Minutely can read in United States: check it, or start with + and the country code (e.g. +44 20 7946 0958)",
        ],
      ],
      [6, ["Billing rate must be an amount such as 150.00"]],
    ]);
    const refused = await expectNothingChanged(t.app.db, () => a.c.post("/api/clients/import", { csv }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("4 rows have errors: nothing was imported. Fix them and import again.");
    expect(refused.body.issues).toContainEqual({ path: "line 3", message: "Name is required" });
  });

  it("imports every row in one go, with the rate in cents and the account's defaults elsewhere", async () => {
    const before = (await a.c.get("/api/clients")).body.length;
    const imported = await a.c.post("/api/clients/import", { csv: GOOD });
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ imported: 3, message: "3 clients imported" });
    const list = (await a.c.get<{ name: string; billingRate: string | null; billingType: string | null; phone: string | null }[]>("/api/clients")).body;
    expect(list.length).toBe(before + 3);
    expect(list.find((c) => c.name === "Jane Doe")).toMatchObject({ billingRate: "200.00", billingType: "hour", phone: "(415) 555-0100" });
    expect(list.find((c) => c.name === "Bo Li")).toMatchObject({ billingRate: "95.00" });
    expect(list.find((c) => c.name === "Roe, Richard")).toMatchObject({ billingRate: null, billingType: null });
    expect((await b.c.get("/api/clients")).body.some((c: { name: string }) => c.name === "Jane Doe")).toBe(false);
  });

  it("refuses a file it cannot use, saying why, and changes nothing", async () => {
    const tooMany = ["name", ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `Client ${i}`)].join("\n");
    const cases: [unknown, string][] = [
      [{ csv: "email,phone\nx@y.test,1" }, IMPORT_NO_NAME_COLUMN],
      [{ csv: "name,email\n" }, IMPORT_NO_ROWS],
      [{ csv: tooMany }, IMPORT_TOO_MANY_ROWS],
      [{ csv: 'name\n"unclosed' }, "This is not a CSV file Minutely can read"],
      [{ csv: "   " }, "The file is empty"],
      [{}, "Choose a CSV file to import"],
      [{ csv: "name\nA", extra: 1 }, ""],
    ];
    for (const [body, message] of cases) {
      for (const path of ["/api/clients/import/preview", "/api/clients/import"]) {
        const response = await expectNothingChanged(t.app.db, () => a.c.post(path, body));
        expect(response.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
        expect(response.body.message).toContain(message);
      }
    }
  });

  it("reads a semicolon-separated export with a byte-order mark", async () => {
    const preview = await a.c.post("/api/clients/import/preview", { csv: "\uFEFFName;E-mail;Telephone\nZed;zed@z.test;+1 650 555 0100" });
    expect(preview.body.rows).toEqual([
      { line: 2, name: "Zed", email: "zed@z.test", phone: "+1 650 555 0100", company: null, rate: null, errors: [], warnings: [] },
    ]);
  });
});
