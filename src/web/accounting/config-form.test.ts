import { accountingProvider } from "@core/accounting/providers";
import { describe, expect, it } from "vitest";
import { configFormDefaults, configFormSchema, fieldPlaceholder } from "./config-form";
import { dateRangeForm, toDateRange } from "./date-range-form";
import { financialIntegrationFixture as record } from "./financial-integration-fixture";

describe("the configure form", () => {
  const quickbooks = accountingProvider("quickbooks");
  const timberline = accountingProvider("timberline");

  it("requires Client ID and Client Secret for OAuth providers, naming both; a stored secret counts", () => {
    const empty = configFormSchema(quickbooks, []).safeParse({ clientId: "", clientSecret: "" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["clientId", "Client ID and Client Secret are required"],
      ["clientSecret", "Client ID and Client Secret are required"],
    ]);
    expect(configFormSchema(quickbooks, ["clientSecret"]).safeParse({ clientId: "abc", clientSecret: "" }).success).toBe(true);
    // Redirect URI and the QuickBooks account IDs are optional.
    expect(
      configFormSchema(quickbooks, []).safeParse({ clientId: "abc", clientSecret: "s", redirectUri: "", revenueAccountId: "" })
        .data,
    ).toMatchObject({ clientId: "abc", clientSecret: "s", redirectUri: undefined, revenueAccountId: undefined });
  });

  it("names each missing catalogue field for the other providers", () => {
    const result = configFormSchema(timberline, []).safeParse({
      serverName: "sql1",
      databaseName: "",
      username: "",
      password: "",
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Database Name is required",
      "Username is required",
      "Password is required",
    ]);
  });

  it("starts from the stored settings, secrets empty, the Redirect URI defaulting to this site's callback", () => {
    expect(configFormDefaults(quickbooks, null, "https://app.example")).toEqual({
      clientId: "",
      clientSecret: "",
      redirectUri: "https://app.example/api/financial-integrations/oauth/callback",
      accountsReceivableId: "",
      revenueAccountId: "",
    });
    const stored = record({
      config: { clientId: "ABC", clientSecret: null, redirectUri: "https://x.example/cb" },
      storedSecrets: ["clientSecret"],
    });
    expect(configFormDefaults(quickbooks, stored, "https://app.example")).toMatchObject({
      clientId: "ABC",
      clientSecret: "",
      redirectUri: "https://x.example/cb",
    });
    const secret = quickbooks.fields.find((field) => field.name === "clientSecret");
    expect(secret && fieldPlaceholder(secret, ["clientSecret"])).toBe("Stored — leave empty to keep");
  });
});

describe("the From and To form", () => {
  it("leaves empty dates out and refuses To before From", () => {
    expect(toDateRange(dateRangeForm.parse({ from: "", to: "" }))).toEqual({});
    expect(toDateRange(dateRangeForm.parse({ from: "2026-03-01", to: "2026-03-31" }))).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
    });
    expect(dateRangeForm.safeParse({ from: "2026-03-31", to: "2026-03-01" }).error?.issues[0]?.message).toBe(
      "From must be on or before To",
    );
    expect(dateRangeForm.safeParse({ from: "2026-02-30", to: "" }).success).toBe(false);
  });
});
