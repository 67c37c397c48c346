import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceDuration } from "../pricing/price.js";
import { BILLING_TYPES, ROUNDING_INCREMENTS } from "../pricing/rules.js";
import { buildLedesInvoice, type LedesSourceLine } from "./build-ledes-invoice.js";
import { centsToE4, extendedAmountE4 } from "./decimal.js";
import { LEDES_FORMATS } from "./model.js";
import { readLedesFigures } from "./read-ledes-invoice.js";
import { ACTIVITY_CODES, TASK_CODE_SETS } from "./utbms.js";
import { validateLedesFile } from "./validate-ledes.js";
import { writeLedes } from "./write-ledes.js";

const taskCodes = TASK_CODE_SETS.flat()
  .filter((code) => !code.isPhase)
  .map((code) => code.code);
const activityCodes = ACTIVITY_CODES.map((code) => code.code);
const matters = [
  { lawFirmMatterId: "M-1", clientMatterId: "C-1", description: "First matter" },
  { lawFirmMatterId: "M-2", clientMatterId: "C-2", description: "Second – matter ü" },
];
const timekeepers = [
  { id: "TK1", name: "Jane Doe", classification: "PT" },
  { id: "TK2", name: "Émile Zola", classification: "AS" },
];

/** A line priced by the real engine from random rules, then, sometimes, discounted (an adjustment). */
const pricedLine = fc
  .record({
    durationSeconds: fc.integer({ min: 0, max: 12 * 3600 }),
    rateCents: fc.integer({ min: 0, max: 250_000 }),
    billingType: fc.constantFrom(...BILLING_TYPES),
    minimumBillingMinutes: fc.integer({ min: 0, max: 60 }),
    roundingIncrementMinutes: fc.constantFrom(...ROUNDING_INCREMENTS),
    discountCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5_000 })),
    day: fc.integer({ min: 1, max: 30 }),
    taskCode: fc.constantFrom(...taskCodes),
    activityCode: fc.constantFrom(...activityCodes),
    matter: fc.constantFrom(...matters),
    timekeeper: fc.constantFrom(...timekeepers),
    description: fc.string({ maxLength: 60, unit: "binary" }),
  })
  .map((random): Omit<LedesSourceLine, "position"> => {
    const rules = {
      rateCents: random.rateCents,
      billingType: random.billingType,
      minimumBillingMinutes: random.minimumBillingMinutes,
      roundingIncrementMinutes: random.roundingIncrementMinutes,
    };
    const priced = priceDuration(random.durationSeconds, rules);
    return {
      workDate: `2026-11-${String(random.day).padStart(2, "0")}`,
      description: random.description,
      billedSeconds: priced.billedSeconds,
      rateCents: random.rateCents,
      billingType: random.billingType,
      amountCents: Math.max(0, priced.amountCents - random.discountCents),
      taskCode: random.taskCode,
      activityCode: random.activityCode,
      matter: random.matter,
      timekeeper: random.timekeeper,
    };
  });

describe("LEDES export over random invoices", () => {
  it("passes the validator in both formats, and every line's arithmetic and the total hold exactly", () => {
    fc.assert(
      fc.property(fc.array(pricedLine, { minLength: 1, maxLength: 25 }), (randomLines) => {
        const lines = randomLines.map((line, index) => ({ ...line, position: index + 1 }));
        const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
        const invoice = buildLedesInvoice({
          invoice: {
            invoiceNumber: "INV-0042",
            issuedOn: "2026-11-30",
            dueOn: "2026-12-30",
            dateFrom: "2026-11-01",
            dateTo: "2026-11-30",
            currency: "eur",
            totalCents,
          },
          client: { name: "Client", ledesClientId: "CL-1" },
          firm: { lawFirmId: "FIRM-1", name: "Firm" },
          lines,
        });
        for (const format of LEDES_FORMATS) {
          const { text } = writeLedes(format, invoice);
          expect(
            validateLedesFile(format, text, { knownClientMatterIds: ["C-1", "C-2"], knownTimekeeperIds: ["TK1", "TK2"] }),
          ).toEqual([]);
          const figures = readLedesFigures(format, text);
          expect(figures.invoiceTotalE4).toBe(centsToE4(totalCents));
          figures.lines.forEach((line, index) => {
            const { unitsE4, unitCostE4, adjustmentE4, totalE4 } = line;
            if (unitsE4 === null || unitCostE4 === null || adjustmentE4 === null || totalE4 === null)
              throw new Error("unreadable amount");
            const stated = invoice.lines[index];
            expect(line.lineItemNumber).toBe(String(index + 1));
            expect(totalE4).toBe(centsToE4(lines[(stated?.sourcePosition ?? 0) - 1]?.amountCents ?? -1));
            expect(extendedAmountE4(unitsE4, unitCostE4) + adjustmentE4).toBe(totalE4);
            // Money stays in whole cents: the adjustment never carries fractions of a cent.
            expect(adjustmentE4 % 100n).toBe(0n);
          });
        }
      }),
      { numRuns: 100 },
    );
    // A budget, not a deadline to meet: the machine may be shared and slow (no timing is asserted).
  }, 300_000);
});
