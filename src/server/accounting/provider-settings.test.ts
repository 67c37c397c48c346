import { describe, expect, it } from "vitest";
import { AccountingRejected } from "./accounting-errors.js";
import { readStoredSettings } from "./provider-settings.js";
import { apiProviderFor } from "./providers/index.js";
import { quickbooksSettings } from "./providers/quickbooks/quickbooks-settings.js";
import { sageSettings } from "./providers/sage/sage-settings.js";

describe("a provider's stored settings, read through its schemas", () => {
  it("keeps the provider's settings as text (a number stored by hand reads as its text) and leaves out what it does not know", () => {
    expect(
      readStoredSettings(
        "QuickBooks",
        quickbooksSettings.config,
        { realmId: 9130355, clientId: "AB1", homeCurrency: "GBP", somethingElse: "x" },
        "settings",
      ),
    ).toEqual({ realmId: "9130355", clientId: "AB1", homeCurrency: "GBP" });
  });

  it("reads the secret's fields and never the tokens", () => {
    const stored = { apiKey: "k", subscriptionKey: "s", tokens: { accessToken: "a", refreshToken: "r" } };
    expect(readStoredSettings("Sage", sageSettings.secret, stored, "secret")).toEqual({ apiKey: "k", subscriptionKey: "s" });
  });

  it("refuses a row that does not fit with a sentence naming the setting and what to do, never the value", () => {
    const read = () => readStoredSettings("Sage", sageSettings.config, { siteId: { id: "site-secret-value" } }, "settings");
    expect(read).toThrow(AccountingRejected);
    expect(read).toThrow(
      "The stored Sage settings cannot be read (siteId is not text): save Sage's settings again in Settings → Financial.",
    );
    const secret = () => readStoredSettings("Sage", sageSettings.secret, { apiKey: 42 }, "secret");
    expect(secret).toThrow("The stored Sage secret cannot be read (apiKey is not text)");
  });

  it("every API provider declares both schemas", () => {
    for (const id of ["quickbooks", "xero", "freshbooks", "wave", "sage", "netsuite"] as const) {
      const provider = apiProviderFor(id)!;
      expect(provider.settings.config.safeParse({}).success, id).toBe(true);
      expect(provider.settings.secret.safeParse({}).success, id).toBe(true);
    }
  });
});
