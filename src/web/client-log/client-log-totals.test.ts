import { formatHoursMinutes } from "@core/duration";
import type { TrackedEmailResponse } from "@core/contracts/tracked-emails";
import { describe, expect, it } from "vitest";
import { clientLogTotals } from "./client-log-totals";

/** A tracked email as the API answers it, billed `billedSeconds` (issue 12 item 2). */
function email(billedSeconds: number, amount: string): TrackedEmailResponse {
  return {
    id: 1,
    subject: "Re: contract",
    emailType: "outbound",
    complexity: "simple",
    estimatedHours: (billedSeconds / 3600).toFixed(2),
    billedSeconds,
    amount,
    wordCount: 100,
    billingRate: "150.00",
    createdAt: "2026-03-03T10:00:00.000Z",
    clientId: 1,
    clientName: "Acme",
    totalTime: 7,
    billedMinutes: 7,
    readTimeMinutes: 0,
    replyTimeMinutes: 7,
    sender: null,
    recipient: null,
    sentAt: null,
    messageKey: "k",
    invoiceId: null,
  };
}

describe("client log totals", () => {
  it("adds ten 7-minute emails as 1h 10m (the rounded 0.12 h each made it 1h 12m)", () => {
    const emails = Array.from({ length: 10 }, () => email(420, "17.50"));
    const totals = clientLogTotals([], emails);
    expect(totals.seconds).toBe(4200);
    expect(formatHoursMinutes(totals.seconds)).toBe("1h 10m");
    expect(totals.revenueCents).toBe(17_500);
  });
});
