import { describe, expect, it } from "vitest";
import { callRecordEvents } from "./call-record-events.js";
import type { GraphCallRecord, GraphParticipant } from "./graph.js";

const owner = { accountId: 7, userId: 3, ownerEmail: "Me@Firm.test" };
const arrived = new Date("2026-03-03T12:00:00Z");
const record: GraphCallRecord = {
  id: "e523d2ed-2966-4b6b-925b-754a88034cc5",
  version: 2,
  type: "groupCall",
  startDateTime: "2026-03-03T10:00:00Z",
  endDateTime: "2026-03-03T10:45:00Z",
  organizer: { user: { id: "u-me", displayName: "Me", userPrincipalName: "me@firm.test" } },
};
const participants: GraphParticipant[] = [
  { id: "1", identity: { user: { id: "u-me", displayName: "Me", userPrincipalName: "me@firm.test" } } },
  { id: "2", identity: { user: { id: "u-jane", displayName: " Jane Client ", userPrincipalName: "Jane@Client.TEST" } } },
  { id: "3", identity: { phone: { id: "+12125550100" } } },
  { id: "4", identity: { guest: { id: "g-1", displayName: "Guest Bob" } } },
];

describe("a Teams call record → capture events", () => {
  it("is one ended event with the provider's start, keyed by the record id and version", () => {
    const [event, ...rest] = callRecordEvents(owner, record, participants, arrived);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      accountId: 7,
      userId: 3,
      source: "teams",
      platform: "teams",
      kind: "ended",
      eventId: "callRecord:e523d2ed-2966-4b6b-925b-754a88034cc5:v2",
      externalCallId: "e523d2ed-2966-4b6b-925b-754a88034cc5",
      at: new Date("2026-03-03T10:45:00Z"),
      startedAt: new Date("2026-03-03T10:00:00Z"),
    });
  });

  it("lists each person once: emails from userPrincipalName (lower case), phones from phone.id, the owner as self", () => {
    const [event] = callRecordEvents(owner, record, participants, arrived);
    expect(event!.participants).toEqual([
      { name: "Me", email: "me@firm.test", phone: null, self: true },
      { name: "Jane Client", email: "jane@client.test", phone: null },
      { name: null, email: null, phone: "+12125550100" },
      { name: "Guest Bob", email: null, phone: null },
    ]);
  });

  it("a colleague's meeting (organizer not the owner) has no self but the owner's address", () => {
    const colleague = { ...record, organizer: { user: { id: "u-col", userPrincipalName: "colleague@firm.test" } } };
    const [event] = callRecordEvents(owner, colleague, participants.slice(1), arrived);
    expect(event!.participants.filter((p) => p.self)).toEqual([]);
    expect(event!.participants[0]).toMatchObject({ email: "colleague@firm.test" });
  });

  it("a new version is a new event; a missing end falls back to the arrival, a bad start to none", () => {
    const [v3] = callRecordEvents(owner, { ...record, version: 3 }, [], arrived);
    expect(v3!.eventId).toBe("callRecord:e523d2ed-2966-4b6b-925b-754a88034cc5:v3");
    const [odd] = callRecordEvents(owner, { ...record, startDateTime: "soon", endDateTime: null }, [], arrived);
    expect(odd).toMatchObject({ at: arrived, startedAt: null });
    const [backwards] = callRecordEvents(owner, { ...record, startDateTime: "2026-03-03T11:00:00Z" }, [], arrived);
    expect(backwards!.startedAt).toBeNull();
  });

  it("ignores text the database cannot store and identities with nothing to match", () => {
    const [event] = callRecordEvents(
      { ...owner, ownerEmail: null },
      { ...record, organizer: null },
      [
        { id: "x", identity: { user: { id: "u-x", displayName: "a\u0000b", userPrincipalName: "not-an-address" } } },
        { id: "y", identity: {} },
      ],
      arrived,
    );
    expect(event!.participants).toEqual([{ name: "ab", email: null, phone: null }]);
  });
});
