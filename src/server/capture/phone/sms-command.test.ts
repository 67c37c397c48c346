import { describe, expect, it } from "vitest";
import { looksLikePhoneNumber, parseSmsCommand } from "./sms-command.js";

describe("SMS commands", () => {
  it("reads CALL_START with and without a client, in any case", () => {
    expect(parseSmsCommand("CALL_START")).toEqual({ command: "start", client: null });
    expect(parseSmsCommand("  call_start   Jane   Doe ")).toEqual({ command: "start", client: "Jane Doe" });
    expect(parseSmsCommand("Call_Start +1 (212) 555-0199")).toEqual({ command: "start", client: "+1 (212) 555-0199" });
  });

  it("reads CALL_END and ignores what follows", () => {
    expect(parseSmsCommand("call_end")).toEqual({ command: "end" });
    expect(parseSmsCommand("CALL_END thanks")).toEqual({ command: "end" });
  });

  it("anything else is unknown", () => {
    for (const body of ["", "hello", "CALL_STARTED", "CALLSTART Jane", "please CALL_END", undefined, null])
      expect(parseSmsCommand(body)).toEqual({ command: "unknown" });
  });

  it("tells a number from a name", () => {
    expect(looksLikePhoneNumber("+1 (212) 555-0199")).toBe(true);
    expect(looksLikePhoneNumber("2125550199")).toBe(true);
    expect(looksLikePhoneNumber("Jane Doe")).toBe(false);
    expect(looksLikePhoneNumber("Suite 12")).toBe(false);
  });
});
