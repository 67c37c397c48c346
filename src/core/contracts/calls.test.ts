import { describe, expect, it } from "vitest";
import { logCallForm, startCallForm, toLogCallRequest, toStartCallRequest } from "./call-forms.js";
import { callTypeLabel, logCallRequest, platformLabel, updateCallRequest } from "./calls.js";

describe("call forms", () => {
  it("turns the Start Call Timer choices into a start request", () => {
    expect(toStartCallRequest(startCallForm.parse({ clientId: "none", platform: "zoom", callType: "consultation" }))).toEqual({
      clientId: null,
      platform: "zoom",
      callType: "consultation",
    });
    expect(toStartCallRequest(startCallForm.parse({ clientId: "12", platform: "phone", callType: "meeting" })).clientId).toBe(12);
    expect(startCallForm.safeParse({ clientId: "0", platform: "zoom", callType: "x" }).success).toBe(false);
    expect(startCallForm.safeParse({ clientId: "", platform: "zoom", callType: "x" }).success).toBe(false);
  });

  it("reads a logged call's day and time in the account's zone, across a DST change", () => {
    const values = logCallForm.parse({
      clientId: "3",
      date: "2026-03-08",
      time: "09:30",
      durationMinutes: "45",
      callType: "meeting",
      notes: "  ",
    });
    const request = toLogCallRequest(values, "America/New_York");
    expect(request).toEqual({
      clientId: 3,
      startTime: "2026-03-08T13:30:00.000Z",
      duration: 2700,
      callType: "meeting",
      notes: null,
    });
    expect(logCallRequest.safeParse(request).success).toBe(true);
    expect(toLogCallRequest({ ...values, date: "2026-03-07" }, "America/New_York").startTime).toBe("2026-03-07T14:30:00.000Z");
  });

  it.each([
    [{ date: "2026-02-30" }, "Choose the day of the call"],
    [{ time: "9:30" }, "Enter the start time as HH:mm"],
    [{ durationMinutes: "0" }, "A call lasts at least 1 minute"],
    [{ durationMinutes: "1.5" }, "Enter whole minutes"],
    [{ durationMinutes: "1441" }, "A call can last at most 24 hours"],
    [{ callType: "" }, "Choose a call type"],
  ])("refuses %o with the message a person can act on", (patch, message) => {
    const result = logCallForm.safeParse({
      clientId: "none",
      date: "2026-03-08",
      time: "09:30",
      durationMinutes: "30",
      callType: "meeting",
      notes: "",
      ...patch,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("needs at least one field to edit a call", () => {
    expect(updateCallRequest.safeParse({}).success).toBe(false);
    expect(updateCallRequest.safeParse({ notes: null }).success).toBe(true);
  });
});

describe("call labels", () => {
  it("labels a suggested platform or type and shows free text as it was stored", () => {
    expect(platformLabel("teams")).toBe("Microsoft Teams");
    expect(callTypeLabel("court")).toBe("Court / hearing");
    expect(platformLabel("Webex")).toBe("Webex");
    expect(callTypeLabel("mediation")).toBe("mediation");
  });
});
