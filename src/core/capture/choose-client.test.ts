import { describe, expect, it } from "vitest";
import { chooseClient, type ClientContact, type MatchParticipant, matchKeys, type OwnContacts } from "./choose-client.js";
import { emailDomain, normaliseEmail } from "./email-address.js";
import { isPublicMailDomain } from "./public-mail-domains.js";

const NOBODY: OwnContacts = { emails: [], phones: [] };

function choose(participants: MatchParticipant[], contacts: ClientContact[], own: OwnContacts = NOBODY, country = "US") {
  return chooseClient(matchKeys(participants, own, country), contacts, country);
}

describe("normaliseEmail", () => {
  it("compares addresses without case, display name or mailto:", () => {
    expect(normaliseEmail(" Jane.Doe@Acme.COM ")).toBe("jane.doe@acme.com");
    expect(normaliseEmail("Jane Doe <jane@acme.com>")).toBe("jane@acme.com");
    expect(normaliseEmail("mailto:JANE@acme.com")).toBe("jane@acme.com");
  });
  it("refuses what is no address", () => {
    for (const raw of ["", "jane", "jane@", "@acme.com", "jane@localhost", "a b@acme.com"])
      expect(normaliseEmail(raw), raw).toBeNull();
  });
  it("takes the domain after the last @", () => {
    expect(emailDomain("jane@acme.com")).toBe("acme.com");
  });
});

describe("isPublicMailDomain", () => {
  it("knows the big free providers and the gmx family in every country", () => {
    for (const domain of [
      "gmail.com",
      "outlook.com",
      "hotmail.com",
      "yahoo.com",
      "icloud.com",
      "me.com",
      "aol.com",
      "proton.me",
      "protonmail.com",
      "gmx.de",
      "gmx.net",
      "gmx.at",
      "live.com",
      "msn.com",
      "yahoo.co.uk",
    ]) {
      expect(isPublicMailDomain(domain), domain).toBe(true);
    }
  });
  it("leaves company domains alone", () => {
    for (const domain of ["acme.com", "smith-law.co.uk", "gmail-partners.com", "mygmx.de"])
      expect(isPublicMailDomain(domain), domain).toBe(false);
  });
});

describe("chooseClient", () => {
  const acme: ClientContact = { clientId: 1, email: "jane@acme.com", phone: "(555) 123-4567" };
  const globex: ClientContact = { clientId: 2, email: "hank@globex.com", phone: "+44 20 7946 0958" };

  it("matches the exact address whatever its case", () => {
    expect(choose([{ email: "JANE@ACME.COM" }], [acme, globex])).toBe(1);
  });

  it("matches a number written any way in the account's country", () => {
    expect(choose([{ phone: "+15551234567" }], [acme, globex])).toBe(1);
    expect(choose([{ phone: "555.123.4567" }], [acme, globex])).toBe(1);
    expect(choose([{ phone: "0044 20 7946 0958" }], [acme, globex], NOBODY, "GB")).toBe(2);
    expect(choose([{ phone: "020 7946 0958" }], [acme, globex], NOBODY, "GB")).toBe(2);
  });

  it("matches a colleague by a domain exactly one client has", () => {
    expect(choose([{ email: "cfo@acme.com" }], [acme, globex])).toBe(1);
  });

  it("leaves a domain two clients share unknown", () => {
    const other: ClientContact = { clientId: 3, email: "bob@acme.com" };
    expect(choose([{ email: "cfo@acme.com" }], [acme, globex, other])).toBeNull();
  });

  it("never matches by a public mail domain, but still by the exact address there", () => {
    const gmailClient: ClientContact = { clientId: 4, email: "pat@gmail.com" };
    expect(choose([{ email: "someone.else@gmail.com" }], [gmailClient])).toBeNull();
    expect(choose([{ email: "Pat@Gmail.com" }], [gmailClient])).toBe(4);
  });

  it("leaves a call with two clients' addresses unknown, and a stronger rule decides before a weaker one", () => {
    expect(choose([{ email: "jane@acme.com" }, { email: "hank@globex.com" }], [acme, globex])).toBeNull();
    expect(choose([{ email: "jane@acme.com" }, { phone: "+442079460958" }], [acme, globex])).toBe(1);
    expect(choose([{ email: "cfo@acme.com" }, { phone: "+442079460958" }], [acme, globex])).toBe(2);
  });

  it("one client known by several contacts is still one candidate", () => {
    expect(choose([{ email: "jane@acme.com" }], [acme, { clientId: 1, email: "JANE@acme.com" }])).toBe(1);
  });

  it("never takes the user for a client: self participants, the users' addresses, numbers and domain", () => {
    const own: OwnContacts = { emails: ["me@smithlaw.com"], phones: ["+1 555 123 4567"] };
    const selfAsClient: ClientContact = { clientId: 9, email: "me@smithlaw.com", phone: "5551234567" };
    expect(choose([{ email: "me@smithlaw.com", self: true }], [selfAsClient])).toBeNull();
    expect(choose([{ email: "ME@smithlaw.com" }], [selfAsClient], own)).toBeNull();
    expect(choose([{ phone: "(555) 123-4567" }], [selfAsClient], own)).toBeNull();
    expect(choose([{ email: "partner@smithlaw.com" }], [{ clientId: 5, email: "x@smithlaw.com" }], own)).toBeNull();
  });

  it("finds no one with no participants, no contacts, or unreadable ones", () => {
    expect(choose([], [acme])).toBeNull();
    expect(choose([{ email: "jane@acme.com" }], [])).toBeNull();
    expect(choose([{ email: "not an address", phone: "12" }], [{ clientId: 1, email: "junk", phone: "12" }])).toBeNull();
  });
});
