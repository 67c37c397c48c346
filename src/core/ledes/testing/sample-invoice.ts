import { buildLedesInvoice, type LedesSource, type LedesSourceLine } from "../build-ledes-invoice.js";
import type { LedesInvoice } from "../model.js";

/** A small valid legal invoice for the tests: two matters, two fee lines each with full codes. */
export function sampleSource(overrides: Partial<LedesSource> = {}): LedesSource {
  const line = (position: number, changes: Partial<LedesSourceLine> = {}): LedesSourceLine => ({
    position,
    workDate: `2026-11-0${position + 1}`,
    description: `Call with Acme's general counsel #${position}`,
    billedSeconds: 7 * 60,
    rateCents: 15_000,
    billingType: "hour",
    amountCents: 1_750,
    taskCode: "L120",
    activityCode: "A106",
    matter: { lawFirmMatterId: "M-100", clientMatterId: "ACME-7", description: "Acme v. Widget" },
    timekeeper: { id: "TK1", name: "Jane Q. Doe", classification: "PT" },
    ...changes,
  });
  return {
    invoice: {
      invoiceNumber: "INV-0007",
      issuedOn: "2026-11-27",
      dueOn: "2026-12-27",
      dateFrom: "2026-11-01",
      dateTo: "2026-11-30",
      currency: "usd",
      totalCents: 1_750 + 30_000 + 5_000,
    },
    client: { name: "Acme Corp", ledesClientId: "ACME" },
    firm: { lawFirmId: "12-3456789", name: "Doe & Partners" },
    lines: [
      line(1),
      line(2, { billedSeconds: 2 * 3600, amountCents: 30_000, activityCode: "A108", taskCode: "L310" }),
      line(3, {
        billingType: "call",
        rateCents: 5_000,
        amountCents: 5_000,
        billedSeconds: 600,
        matter: { lawFirmMatterId: "M-200", clientMatterId: "ACME-9", description: "Lease review" },
        taskCode: "C300",
      }),
    ],
    ...overrides,
  };
}

export const sampleInvoice = (overrides: Partial<LedesSource> = {}): LedesInvoice => buildLedesInvoice(sampleSource(overrides));
