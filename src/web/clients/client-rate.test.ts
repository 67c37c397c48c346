import { describe, expect, it } from "vitest";
import { clientRateLabel, rateLabel } from "./client-rate";

describe("rate labels", () => {
  it("reads the API's decimal rate in its unit and the account's currency", () => {
    expect(rateLabel("150.00", "hour", "usd")).toBe("$150.00/hour");
    expect(rateLabel("4", "minute", "usd")).toBe("$4.00/min");
  });

  it("labels a client by its effective rate, the same text the account's default gets", () => {
    const client = { effectiveBillingRate: "2.50", effectiveBillingType: "minute" as const };
    expect(clientRateLabel(client, "usd")).toBe(rateLabel("2.50", "minute", "usd"));
  });
});
