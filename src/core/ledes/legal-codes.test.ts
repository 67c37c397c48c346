import { describe, expect, it } from "vitest";
import { callCounterpart, resolveLineCodes } from "./legal-codes.js";
import { findTaskCode, isActivityCode, isBillableTaskCode, isExpenseCode, utbmsLabel } from "./utbms.js";

describe("which codes a line gets", () => {
  it("takes each code from the call, else the client's default", () => {
    expect(
      resolveLineCodes(
        { source: { taskCode: "L120", matterId: 4 }, client: { taskCode: "C300", matterId: 9, activityCode: "A104" } },
        "client",
      ),
    ).toEqual({ taskCode: "L120", matterId: 4, activityCode: "A104" });
  });

  it("keeps an invoice line's own codes whole, empty ones included (a snapshot never falls back)", () => {
    expect(
      resolveLineCodes(
        {
          line: { taskCode: null, matterId: 2, activityCode: "A105" },
          source: { taskCode: "L120" },
          client: { taskCode: "C300" },
        },
        "other-external",
      ),
    ).toEqual({ taskCode: null, matterId: 2, activityCode: "A105" });
  });

  it("falls back to the capture source's activity: A106 with the client, A107 other counsel, A108 anyone else", () => {
    expect(resolveLineCodes({}, "client").activityCode).toBe("A106");
    expect(resolveLineCodes({}, "outside-counsel").activityCode).toBe("A107");
    expect(resolveLineCodes({ source: { activityCode: null } }, "other-external").activityCode).toBe("A108");
    expect(resolveLineCodes({}, "client").taskCode).toBeNull();
  });

  it("reads a call as with the client unless only outsiders are known", () => {
    const client = { email: "gc@acme.com", phone: "+15551234567" };
    expect(callCounterpart([], client)).toBe("client");
    expect(callCounterpart([{ email: "me@firm.com", self: true }], client)).toBe("client");
    expect(callCounterpart([{ email: "cfo@acme.com" }], client)).toBe("client");
    expect(callCounterpart([{ phone: "+15551234567" }], client)).toBe("client");
    expect(callCounterpart([{ email: "clerk@court.gov" }], client)).toBe("other-external");
    expect(callCounterpart([{ email: "x@y.com" }], { email: null, phone: null })).toBe("other-external");
  });
});

describe("UTBMS code sets", () => {
  it("knows the official codes and which are phase headings", () => {
    expect(isBillableTaskCode("L120")).toBe(true);
    expect(isBillableTaskCode("L100")).toBe(false);
    expect(findTaskCode("L100")?.isPhase).toBe(true);
    expect(isBillableTaskCode("C300")).toBe(true);
    expect(isBillableTaskCode("P210")).toBe(true);
    expect(isBillableTaskCode("B110")).toBe(true);
    expect(isBillableTaskCode("L999")).toBe(false);
    expect(isActivityCode("A111")).toBe(true);
    expect(isActivityCode("A112")).toBe(false);
    expect(isExpenseCode("E105")).toBe(true);
    expect(utbmsLabel("A106")).toBe("A106 Communicate (with client)");
  });
});
