import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AccountingRejected, AccountingUnauthorized } from "../../../src/server/accounting/accounting-errors.js";
import { sageProvider as sage } from "../../../src/server/accounting/providers/sage/sage.js";
import { testSession } from "../../stand-ins/accounting/test-session.js";
import { type SageStandIn, startSageStandIn } from "../../stand-ins/accounting-rest/sage.js";
import { sampleCustomer } from "../../stand-ins/accounting-rest/session.js";

/**
 * Issue 30 §4 and §5 for Sage, against the stand-in: after the key is checked, the login's businesses
 * are listed (Core API business_relationships); one is taken as it is, several are offered to choose
 * from, and the chosen one goes as X-Site on every accounts call; nothing is sent while none is chosen;
 * Sage's documented "No active subscription. (MSE)" reads as what to do.
 */
let standIn: SageStandIn;
beforeEach(async () => {
  standIn = await startSageStandIn();
});
afterEach(async () => {
  await standIn.close();
});

const session = (config: Record<string, string> = {}) =>
  testSession({
    provider: sage,
    id: "sage",
    baseUrl: standIn.url,
    config: { revenueAccountId: standIn.revenueAccountId, ...config },
    secrets: { apiKey: standIn.apiKey, subscriptionKey: standIn.subscriptionKey },
  });

const SECOND = { id: "c7d2e1f0267a11e797950a57719b2edb", name: "Webb Family Law" };

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

describe("Sage businesses", () => {
  it("one business: taken at once, named, and sent as X-Site", async () => {
    const verified = await sage.verify(session());
    expect(verified).toEqual({
      organisationName: "Hartley & Webb",
      learned: {
        sageBusinessCount: "1",
        siteId: standIn.businesses[0]!.id,
        siteName: "Hartley & Webb",
        organisationName: "Hartley & Webb",
      },
    });
    expect(standIn.sitesSeen()).toEqual([standIn.businesses[0]!.id]);
  });

  it("several: the key is checked by listing them, nothing else is asked, and the list is offered by name", async () => {
    standIn.businesses.push(SECOND);
    const s = session();
    const verified = await sage.verify(s);
    expect(verified).toEqual({ organisationName: null, learned: { sageBusinessCount: "2" } });
    expect(standIn.sitesSeen()).toEqual([]);

    const { choices, facts } = await sage.readChoices!({ ...s, config: { ...s.config, ...verified.learned } });
    expect(facts).toEqual([{ label: "Businesses on this login", value: "2" }]);
    expect(choices).toEqual([
      expect.objectContaining({
        name: "business",
        label: "Business",
        required: true,
        selected: null,
        options: [
          expect.objectContaining({ value: standIn.businesses[0]!.id, label: "Hartley & Webb" }),
          expect.objectContaining({
            value: SECOND.id,
            label: "Webb Family Law",
            config: { siteId: SECOND.id, siteName: "Webb Family Law", organisationName: "Webb Family Law" },
          }),
        ],
      }),
    ]);
  });

  it("several and none chosen: nothing is sent, and the sentence says what to do", async () => {
    standIn.businesses.push(SECOND);
    const s = session({ sageBusinessCount: "2" });
    const error = await failureOf(sage.upsertCustomer(s, sampleCustomer(), { known: null, idempotencyKey: "c" }));
    expect(error).toBeInstanceOf(AccountingRejected);
    expect(error.message).toBe(
      'Your Sage login has 2 businesses: use "Choose business" on the Sage card to say which one Minutely books to.',
    );
    expect(standIn.sitesSeen()).toEqual([]);
  });

  it("the chosen business goes as X-Site on every accounts call; verify names it", async () => {
    standIn.businesses.push(SECOND);
    const s = session({ sageBusinessCount: "2", siteId: SECOND.id, siteName: SECOND.name });
    expect(await sage.verify(s)).toEqual({ organisationName: "Webb Family Law", learned: { sageBusinessCount: "2" } });
    await sage.upsertCustomer(s, sampleCustomer(), { known: null, idempotencyKey: "c" });
    expect(new Set(standIn.sitesSeen())).toEqual(new Set([SECOND.id]));
    expect(standIn.contacts.size).toBe(1);
  });

  it("a business this login no longer has is forgotten at the next check, to be chosen again", async () => {
    standIn.businesses.push(SECOND);
    const verified = await sage.verify(session({ siteId: "gone-business", siteName: "Closed Practice" }));
    expect(verified).toEqual({ organisationName: null, learned: { sageBusinessCount: "2", siteId: "", siteName: "" } });
  });

  it("a lapsed subscription: Sage's own words, with what to do", async () => {
    standIn.setSubscriptionActive(false);
    const error = await failureOf(sage.verify(session()));
    expect(error).toBeInstanceOf(AccountingUnauthorized);
    expect((error as AccountingUnauthorized).saysWhatToDo).toBe(true);
    expect(error.message).toBe(
      'Sage refused: "No active subscription. (MSE)" The Sage business\'s trial has ended or its subscription was cancelled. Renew it in Sage, then save the Sage settings here again.',
    );
  });
});
