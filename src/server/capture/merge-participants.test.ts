import { describe, expect, it } from "vitest";
import type { CallParticipant } from "../db/schema/calls.js";
import { MAX_PARTICIPANTS, mergeParticipants } from "./merge-participants.js";

const own = { emails: ["me@practice.example"], phones: ["+15550001111"] };

describe("mergeParticipants", () => {
  it("normalises addresses and numbers, and marks the account's users as self", () => {
    const merged = mergeParticipants(
      [],
      [{ name: " Jane ", email: "Jane <JANE@Acme.test>" }, { phone: "(555) 000-1111" }, { email: "ME@practice.example" }],
      "US",
      own,
    );
    expect(merged).toEqual([
      { name: "Jane", email: "jane@acme.test" },
      { phone: "+15550001111", self: true },
      { email: "me@practice.example", self: true },
    ]);
  });

  it("one entry per person, completed by later reports; the same list back when nothing is new", () => {
    const stored: CallParticipant[] = [{ name: "Jane", phone: "+15552223333" }];
    const merged = mergeParticipants(
      stored,
      [{ phone: "555-222-3333", email: "jane@acme.test", direction: "inbound" }],
      "US",
      own,
    );
    expect(merged).toEqual([{ name: "Jane", phone: "+15552223333", email: "jane@acme.test", direction: "inbound" }]);
    expect(mergeParticipants(merged, [{ phone: "+1 555 222 3333" }], "US", own)).toBe(merged);
    expect(mergeParticipants(merged, [{ name: "  " }], "US", own)).toBe(merged);
  });

  it("keeps what cannot be read as received, and stops at the cap", () => {
    expect(mergeParticipants([], [{ phone: "ext 12" }], "US", own)).toEqual([{ phone: "ext 12" }]);
    const many = Array.from({ length: MAX_PARTICIPANTS + 5 }, (_, n) => ({ email: `p${n}@x.test` }));
    expect(mergeParticipants([], many, "US", own)).toHaveLength(MAX_PARTICIPANTS);
  });
});
