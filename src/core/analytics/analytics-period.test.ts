import { describe, expect, it } from "vitest";
import { splitByWholeMonths } from "./analytics-period.js";

describe("splitByWholeMonths", () => {
  it("takes a month or a quarter whole, with no edge days", () => {
    expect(splitByWholeMonths("2026-03-01", "2026-03-31")).toEqual({
      months: { fromMonth: "2026-03-01", toMonth: "2026-04-01" },
      edges: [],
    });
    expect(splitByWholeMonths("2026-01-01", "2026-03-31")).toEqual({
      months: { fromMonth: "2026-01-01", toMonth: "2026-04-01" },
      edges: [],
    });
  });

  it("leaves a week, even one across two months, to the days", () => {
    expect(splitByWholeMonths("2026-03-29", "2026-04-04")).toEqual({
      months: null,
      edges: [{ startDate: "2026-03-29", endDate: "2026-04-04" }],
    });
    expect(splitByWholeMonths("2026-02-02", "2026-02-28")).toEqual({
      months: null,
      edges: [{ startDate: "2026-02-02", endDate: "2026-02-28" }],
    });
  });

  it("splits a custom period into its whole months and the days at either edge", () => {
    expect(splitByWholeMonths("2026-01-20", "2026-03-03")).toEqual({
      months: { fromMonth: "2026-02-01", toMonth: "2026-03-01" },
      edges: [
        { startDate: "2026-01-20", endDate: "2026-01-31" },
        { startDate: "2026-03-01", endDate: "2026-03-03" },
      ],
    });
    // A leap February's last day ends the whole months.
    expect(splitByWholeMonths("2024-01-02", "2024-02-29")).toEqual({
      months: { fromMonth: "2024-02-01", toMonth: "2024-03-01" },
      edges: [{ startDate: "2024-01-02", endDate: "2024-01-31" }],
    });
  });
});
