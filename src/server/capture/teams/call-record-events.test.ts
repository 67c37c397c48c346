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

  it("Graph as documented today: organizer_v2 without userPrincipalName, merged with the same Entra id in participants_v2", () => {
    // The shapes of Microsoft's v1.0 callRecord example: organizer_v2 expanded by default, its user
    // with id, displayName and tenantId only; the participants_v2 entry of that user has the UPN.
    const ownerId = "821809f5-0000-0000-0000-3b5136c0e777";
    const tenantId = "dc368399-474c-4d40-900c-6265431fd81f";
    const today: GraphCallRecord = {
      id: record.id,
      version: 1,
      startDateTime: record.startDateTime,
      endDateTime: record.endDateTime,
      organizer_v2: { id: ownerId, identity: { user: { id: ownerId, displayName: "Abbie Wilkins", tenantId } } },
    };
    const entries: GraphParticipant[] = [
      { id: ownerId, identity: { user: { id: ownerId, displayName: "Abbie Wilkins", userPrincipalName: "Abbie@Firm.test" } } },
      { id: "p2", identity: { user: { id: "u-jane", displayName: "Jane Client", userPrincipalName: "jane@client.test" } } },
    ];
    const withId = { ...owner, ownerEmail: "someone-else@firm.test", ownerObjectId: ownerId.toUpperCase() };
    const [event] = callRecordEvents(withId, today, entries, arrived);
    expect(event!.participants).toEqual([
      { name: "Abbie Wilkins", email: "abbie@firm.test", phone: null, self: true },
      { name: "Jane Client", email: "jane@client.test", phone: null },
    ]);
    // Without the stored id, the owner's address (now merged in from participants_v2) still recognises them.
    const [byAddress] = callRecordEvents({ ...owner, ownerEmail: "abbie@firm.test" }, today, entries, arrived);
    expect(byAddress!.participants[0]).toMatchObject({ email: "abbie@firm.test", self: true });
    // Someone else's object id: the organizer is a colleague, not self.
    const [colleague] = callRecordEvents({ ...owner, ownerObjectId: "u-other" }, today, entries, arrived);
    expect(colleague!.participants.filter((p) => p.self)).toEqual([]);
  });

  it("merges first non-empty name, email and phone per Entra id, whichever entry carries them", () => {
    const [event] = callRecordEvents(
      owner,
      { ...record, organizer: null },
      [
        { id: "a", identity: { user: { id: "U-1" } } },
        { id: "b", identity: { user: { id: "u-1", displayName: "Later Name", userPrincipalName: "one@client.test" } } },
        { id: "c", identity: { user: { id: "u-1", displayName: "Ignored", userPrincipalName: "two@client.test" } } },
      ],
      arrived,
    );
    expect(event!.participants).toEqual([{ name: "Later Name", email: "one@client.test", phone: null }]);
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
