import { describe, expect, it } from "vitest";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";

const active = (location: string) => NAV_ITEMS.filter((item) => isNavItemActive(item, location)).map((i) => i.label);

describe("isNavItemActive", () => {
  it("highlights exactly one section, the dashboard only on /", () => {
    expect(active("/")).toEqual(["Dashboard"]);
    expect(active("/clients")).toEqual(["Clients"]);
    expect(active("/clients/12")).toEqual(["Clients"]);
    expect(active("/client-log")).toEqual(["Clients"]);
    expect(active("/emails")).toEqual(["Email Tracking"]);
    expect(active("/analytics")).toEqual(["Analytics"]);
    expect(active("/settings")).toEqual(["Settings"]);
    expect(active("/invoices-archive")).toEqual([]);
    expect(active("/payments")).toEqual([]);
  });
});
