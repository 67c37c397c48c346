import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const FULL_UPDATE = {
  defaultBillingRate: "4.00",
  billingType: "minute",
  minimumBillingMinutes: 15,
  roundingIncrementMinutes: 6,
  roundingScope: "day",
  weeklyWorkingHours: 35,
  currency: "eur",
  invoicePrefix: "ACME-",
  paymentTermsDays: 45,
  phoneCountry: "GB",
  minCaptureSeconds: 20,
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace.settings@example.test",
  profession: "lawyer",
  firmName: "Hopper & Partners",
  timezone: "America/New_York",
  membersSeeRates: true,
};

describe("GET /api/settings", () => {
  it("answers the account defaults and the profile of a new account", async () => {
    const { c, account } = await newAccount(t, { firstName: "Ada", lastName: "Lovelace", timezone: "Europe/London" });
    const response = await c.get("/api/settings");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      defaultBillingRate: "150.00",
      billingType: "hour",
      minimumBillingMinutes: 0,
      roundingIncrementMinutes: 1,
      roundingScope: "entry",
      weeklyWorkingHours: 40,
      currency: "usd",
      invoicePrefix: "INV-",
      paymentTermsDays: 30,
      phoneCountry: "US",
      minCaptureSeconds: 0,
      firstName: "Ada",
      lastName: "Lovelace",
      email: account.email,
      emailVerified: false,
      profession: null,
      firmName: null,
      timezone: "Europe/London",
      membersSeeRates: false,
    });
  });

  it("needs a session", async () => {
    const response = await t.client().get("/api/settings");
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("Unauthorized");
    const put = await t.client().put("/api/settings", { firstName: "X" });
    expect(put.status).toBe(401);
  });
});

describe("PUT /api/settings", () => {
  it("saves every field, answers the saved settings, and GET /api/settings and GET /api/auth/user reflect them", async () => {
    const { c, account } = await newAccount(t);
    // A new email needs the current password (issue 11); the new address is not verified yet.
    const saved = await c.put("/api/settings", { ...FULL_UPDATE, currentPassword: account.password });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...FULL_UPDATE, emailVerified: false });

    expect((await c.get("/api/settings")).body).toEqual({ ...FULL_UPDATE, emailVerified: false });
    const me = await c.get("/api/auth/user");
    expect(me.status).toBe(200);
    // The session user carries the profile and billing defaults; the capture settings live in /api/settings only.
    const {
      phoneCountry: _country,
      minCaptureSeconds: _minimum,
      weeklyWorkingHours: _hours,
      membersSeeRates: _rates,
      ...userFields
    } = FULL_UPDATE;
    expect(me.body).toMatchObject(userFields);
  });

  it("changes only the fields it is sent (each tab saves its own half)", async () => {
    const { c, account } = await newAccount(t, { firstName: "Kept", lastName: "Name" });
    const billing = await c.put("/api/settings", { defaultBillingRate: "95.5", paymentTermsDays: "60" });
    expect(billing.status).toBe(200);
    expect(billing.body).toMatchObject({
      defaultBillingRate: "95.50",
      paymentTermsDays: 60,
      billingType: "hour",
      firstName: "Kept",
      lastName: "Name",
      email: account.email,
    });
    const profile = await c.put("/api/settings", { firmName: "  Acme Law  ", profession: "doctor" });
    expect(profile.body).toMatchObject({ firmName: "Acme Law", profession: "doctor", defaultBillingRate: "95.50" });
    const cleared = await c.put("/api/settings", { firmName: "", profession: "" });
    expect(cleared.body).toMatchObject({ firmName: null, profession: null });
  });

  it("accepts a rate as a number, normalises email case and the time zone's spelling", async () => {
    const { c, account } = await newAccount(t);
    const response = await c.put("/api/settings", {
      currentPassword: account.password,
      defaultBillingRate: 2.5,
      email: "  Mixed.Case@Example.TEST ",
      timezone: " america/new_york ",
      currency: "GBP",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ defaultBillingRate: "2.50", email: "mixed.case@example.test", timezone: "America/New_York", currency: "gbp" });
  });

  it("saves the call capture settings alone, reading the country in any case and the length from a form's text", async () => {
    const { c } = await newAccount(t);
    const response = await c.put("/api/settings", { phoneCountry: " gb ", minCaptureSeconds: "45" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ phoneCountry: "GB", minCaptureSeconds: 45, defaultBillingRate: "150.00" });
    expect((await c.put("/api/settings", { minCaptureSeconds: 3600 })).body).toMatchObject({ phoneCountry: "GB", minCaptureSeconds: 3600 });
    expect((await c.put("/api/settings", { minCaptureSeconds: 0 })).body.minCaptureSeconds).toBe(0);
  });

  it("keeps a current zone name as chosen instead of the legacy link the runtime resolves it to", async () => {
    const { c } = await newAccount(t);
    const response = await c.put("/api/settings", { timezone: "Asia/Kolkata" });
    expect(response.status).toBe(200);
    expect(response.body.timezone).toBe("Asia/Kolkata");
    expect((await c.get("/api/auth/user")).body.timezone).toBe("Asia/Kolkata");
  });

  it("lets the user sign in with a changed email", async () => {
    const { c, account } = await newAccount(t);
    await c.put("/api/settings", { email: "renamed.user@example.test", currentPassword: account.password });
    const login = await t.client().post("/api/auth/login", { email: "renamed.user@example.test", password: account.password });
    expect(login.status).toBe(200);
    const old = await t.client().post("/api/auth/login", { email: account.email, password: account.password });
    expect(old.status).toBe(401);
  });

  it("refuses an email another user has, whatever its case, with a 409 and changes nothing", async () => {
    const other = await newAccount(t);
    const { c, account } = await newAccount(t);
    const response = await c.put("/api/settings", {
      email: other.account.email.toUpperCase(),
      firstName: "Changed",
      currentPassword: account.password,
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      error: "conflict",
      message: "This email address is already used by another account. Choose a different one.",
    });
    const after = await c.get("/api/settings");
    expect(after.body).toMatchObject({ email: account.email, firstName: "Ada" });
  });

  it("keeps the user's own email (a no-op change is not a conflict)", async () => {
    const { c, account } = await newAccount(t);
    const response = await c.put("/api/settings", { email: account.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.body.email).toBe(account.email);
  });

  it("changes only the signed-in account", async () => {
    const first = await newAccount(t);
    const second = await newAccount(t);
    await first.c.put("/api/settings", { defaultBillingRate: "1.00", firmName: "First Firm" });
    const other = await second.c.get("/api/settings");
    expect(other.body).toMatchObject({ defaultBillingRate: "150.00", firmName: null });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["rate with letters", { defaultBillingRate: "abc" }, "Default billing rate must be an amount such as 150.00"],
    ["negative rate", { defaultBillingRate: "-4" }, "Default billing rate must be an amount such as 150.00"],
    ["rate with 3 decimals", { defaultBillingRate: "4.001" }, "Default billing rate must be an amount such as 150.00"],
    ["huge rate", { defaultBillingRate: "100000.01" }, "Default billing rate must be 100,000.00 or less"],
    ["empty rate", { defaultBillingRate: "" }, "Default billing rate must be an amount such as 150.00"],
    ["rate as boolean", { defaultBillingRate: true }, "Default billing rate must be an amount such as 150.00"],
    ["billing type", { billingType: "week" }, "Billing type must be minute, hour or call"],
    ["billing type null", { billingType: null }, "Billing type must be minute, hour or call"],
    ["negative minimum", { minimumBillingMinutes: -1 }, "Minimum billing minutes must be a whole number from 0 to 1440"],
    ["fractional minimum", { minimumBillingMinutes: 1.5 }, "Minimum billing minutes must be a whole number from 0 to 1440"],
    ["huge minimum", { minimumBillingMinutes: 1441 }, "Minimum billing minutes must be a whole number from 0 to 1440"],
    ["minimum as text", { minimumBillingMinutes: "ten" }, "Minimum billing minutes must be a whole number from 0 to 1440"],
    ["rounding 5", { roundingIncrementMinutes: 5 }, "Rounding increment must be 1, 6, 15 or 30 minutes"],
    ["rounding 0", { roundingIncrementMinutes: 0 }, "Rounding increment must be 1, 6, 15 or 30 minutes"],
    ["currency", { currency: "jpy" }, "Currency must be usd, eur, gbp or cad"],
    ["currency number", { currency: 1 }, "Currency must be usd, eur, gbp or cad"],
    ["empty prefix", { invoicePrefix: "  " }, "Invoice prefix is required"],
    ["long prefix", { invoicePrefix: "A".repeat(21) }, "Invoice prefix must be at most 20 characters"],
    ["prefix with markup", { invoicePrefix: "<b>" }, "Invoice prefix may use letters, digits, spaces and - _ . / #, starting with a letter or digit"],
    ["payment terms 20", { paymentTermsDays: 20 }, "Payment terms must be 15, 30, 45 or 60 days"],
    ["payment terms text", { paymentTermsDays: "thirty" }, "Payment terms must be 15, 30, 45 or 60 days"],
    ["phone country", { phoneCountry: "XX" }, "Choose the country your phone numbers are in"],
    ["phone country name", { phoneCountry: "United States" }, "Choose the country your phone numbers are in"],
    ["empty phone country", { phoneCountry: "" }, "Choose the country your phone numbers are in"],
    ["phone country null", { phoneCountry: null }, "Choose the country your phone numbers are in"],
    ["negative capture length", { minCaptureSeconds: -1 }, "Minimum call length must be a whole number from 0 to 3600"],
    ["fractional capture length", { minCaptureSeconds: 2.5 }, "Minimum call length must be a whole number from 0 to 3600"],
    ["capture length over an hour", { minCaptureSeconds: 3601 }, "Minimum call length must be a whole number from 0 to 3600"],
    ["capture length as words", { minCaptureSeconds: "ten" }, "Minimum call length must be a whole number from 0 to 3600"],
    ["empty first name", { firstName: " " }, "First name is required"],
    ["first name null", { firstName: null }, "First name is required"],
    ["long first name", { firstName: "x".repeat(101) }, "First name is too long"],
    ["empty last name", { lastName: "" }, "Last name is required"],
    ["bad email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["email number", { email: 5 }, "Please enter a valid email address"],
    ["profession", { profession: "chef" }, "Profession must be lawyer, doctor, consultant, therapist, accountant or other"],
    ["long company", { firmName: "x".repeat(201) }, "Company name must be at most 200 characters"],
    ["company number", { firmName: 3 }, "Company name must be text"],
    ["unknown time zone", { timezone: "Mars/Olympus_Mons" }, "Time zone must be an IANA name such as America/New_York"],
    ["empty time zone", { timezone: "" }, "Time zone must be an IANA name such as America/New_York"],
    ["nothing to change", {}, "Send at least one setting to change"],
    ["unknown field", { defaultRate: "4.00" }, 'Unrecognized key: "defaultRate"'],
  ];

  it.each(invalid)("refuses a bad %s with a 400, its message, and changes nothing", async (_label, body, message) => {
    const { c } = await newAccount(t);
    const before = (await c.get("/api/settings")).body;
    const response = await c.put("/api/settings", { ...body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", message });
    expect((await c.get("/api/settings")).body).toEqual(before);
  });

  it("refuses a valid field beside an invalid one without saving either", async () => {
    const { c } = await newAccount(t);
    const response = await c.put("/api/settings", { firmName: "Should Not Save", paymentTermsDays: 7 });
    expect(response.status).toBe(400);
    expect((await c.get("/api/settings")).body.firmName).toBeNull();
  });

  it.each([
    ["malformed JSON", '{"firstName": ', "The request body is not valid JSON"],
    ["a JSON array", "[1,2]", null],
    ["a JSON string", '"hello"', null],
  ])("refuses %s with a 400", async (_label, rawBody, message) => {
    const { c } = await newAccount(t);
    const response = await c.request("PUT", "/api/settings", { rawBody, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    if (message) expect(response.body.message).toBe(message);
    else expect(response.body.message).toEqual(expect.any(String));
  });

  it("refuses a PUT without the X-Requested-With marker (CSRF guard)", async () => {
    const { c } = await newAccount(t);
    const response = await c.request("PUT", "/api/settings", { json: { firstName: "Evil" }, marker: false });
    expect(response.status).toBe(403);
    expect((await c.get("/api/settings")).body.firstName).toBe("Ada");
  });
});
