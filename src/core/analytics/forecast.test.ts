import { describe, expect, it } from "vitest";
import { completeHistory, forecastRevenue } from "./forecast.js";

/** Twelve complete months from 2025-04 to 2026-03, with these amounts in cents. */
const history = (amounts: number[]) =>
  completeHistory(
    amounts.map((billedCents, k) => ({ month: new Date(Date.UTC(2025, 3 + k, 1)).toISOString().slice(0, 10), billedCents })),
    "2025-04-01",
    amounts.length,
  );

describe("forecastRevenue", () => {
  it("continues a straight line, with no band when every month is on it", () => {
    // 12 months from 2025-04 to 2026-03 of 1,000, 1,100, … 2,100 dollars.
    const rows = history(Array.from({ length: 12 }, (_unused, k) => 100_000 + k * 10_000));
    const forecast = forecastRevenue({ history: rows, firstMonth: "2026-04-01", unbilledCents: 0, realization: null });
    expect(forecast).toEqual([
      { month: "2026-04-01", lowCents: 220_000, expectedCents: 220_000, highCents: 220_000 },
      { month: "2026-05-01", lowCents: 230_000, expectedCents: 230_000, highCents: 230_000 },
      { month: "2026-06-01", lowCents: 240_000, expectedCents: 240_000, highCents: 240_000 },
    ]);
  });

  it("gives a new practice, billed for under 3 months, the trend ±50 % (the months before it billed are not zeros)", () => {
    const rows = history([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 50_000, 50_000]);
    const [first] = forecastRevenue({ history: rows, firstMonth: "2026-04-01", unbilledCents: 0, realization: null });
    expect(first).toEqual({ month: "2026-04-01", lowCents: 25_000, expectedCents: 50_000, highCents: 75_000 });
  });

  it("adds unbilled work to the first month at the realization rate, ±20 % of it", () => {
    const rows = history([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const forecast = forecastRevenue({ history: rows, firstMonth: "2026-04-01", unbilledCents: 10_000, realization: 0.8 });
    expect(forecast[0]).toEqual({ month: "2026-04-01", lowCents: 6_400, expectedCents: 8_000, highCents: 9_600 });
    expect(forecast[1]).toEqual({ month: "2026-05-01", lowCents: 0, expectedCents: 0, highCents: 0 });
  });

  it("widens the band with the scatter of the months around the line", () => {
    const rows = history([100_000, 140_000, 90_000, 150_000, 80_000, 160_000, 100_000, 140_000, 90_000, 150_000, 80_000, 160_000]);
    const [first] = forecastRevenue({ history: rows, firstMonth: "2026-04-01", unbilledCents: 0, realization: null });
    expect(first!.lowCents).toBeLessThan(first!.expectedCents);
    expect(first!.highCents - first!.expectedCents).toBe(first!.expectedCents - first!.lowCents);
    expect(first!.highCents - first!.lowCents).toBeGreaterThan(50_000);
  });
});
