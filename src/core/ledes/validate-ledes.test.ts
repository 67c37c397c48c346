import { describe, expect, it } from "vitest";
import { LEDES_1998B_FIELD_LINE, LEDES_1998B_HEADER, readLedes1998b, writeLedes1998b } from "./ledes-1998b.js";
import { writeLedesXml21 } from "./ledes-xml21.js";
import { LEDES_1998B_FIELDS, type LedesField, type LedesFormat } from "./model.js";
import { sampleInvoice } from "./testing/sample-invoice.js";
import { type LedesValidationContext, validateLedesFile } from "./validate-ledes.js";

type Fields = Partial<Record<LedesField, string>>;
const CONTEXT: LedesValidationContext = { knownClientMatterIds: ["ACME-7", "ACME-9"], knownTimekeeperIds: ["TK1"] };

const base1998b = () => writeLedes1998b(sampleInvoice());
const baseXml = () => writeLedesXml21(sampleInvoice());

/** The sample file with its records changed: each record's fields passed to `change` with its index. */
function edited1998b(change: (fields: Fields, index: number) => void): string {
  const { records } = readLedes1998b(base1998b());
  const lines = records.map((record, index) => {
    const fields = { ...record.fields };
    change(fields, index);
    return `${LEDES_1998B_FIELDS.map((field) => fields[field] ?? "").join("|")}[]`;
  });
  return `${[LEDES_1998B_HEADER, LEDES_1998B_FIELD_LINE, ...lines].join("\r\n")}\r\n`;
}
const onFirst = (change: (fields: Fields) => void) => edited1998b((fields, index) => index === 0 && change(fields));
const onAll = (change: (fields: Fields) => void) => edited1998b((fields) => change(fields));

type Case = { rule: string; format: LedesFormat; failing: () => string; passing: () => string; says: RegExp };

/**
 * The portals' published checks (docs/ledes.md "What is checked"), each with a file a portal
 * refuses and the file fixed the way the message says.
 */
const CASES: Case[] = [
  {
    rule: "header",
    format: "ledes1998b",
    failing: () => base1998b().replace("LEDES1998B[]", "LEDES98B[]"),
    passing: base1998b,
    says: /must start with the line LEDES1998B\[\]/,
  },
  {
    rule: "field-names",
    format: "ledes1998b",
    failing: () => base1998b().replace("INVOICE_DATE|", "INVOICE DATE|"),
    passing: base1998b,
    says: /24 LEDES 1998B field names/,
  },
  {
    rule: "line-end",
    format: "ledes1998b",
    failing: () => base1998b().replace("ACME-7[]", "ACME-7"),
    passing: base1998b,
    says: /must end with \[\]/,
  },
  {
    rule: "field-count",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.LINE_ITEM_DESCRIPTION = "Call | follow-up";
      }),
    passing: () =>
      onFirst((f) => {
        f.LINE_ITEM_DESCRIPTION = "Call / follow-up";
      }),
    says: /has 25 fields; LEDES 1998B needs exactly 24/,
  },
  {
    rule: "ascii",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.LINE_ITEM_DESCRIPTION = "Réunion";
      }),
    passing: () =>
      onFirst((f) => {
        f.LINE_ITEM_DESCRIPTION = "Reunion";
      }),
    says: /plain ASCII/,
  },
  {
    rule: "date",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.LINE_ITEM_DATE = "2026-11-02";
      }),
    passing: () =>
      onFirst((f) => {
        f.LINE_ITEM_DATE = "20261102";
      }),
    says: /is not a date in the form YYYYMMDD/,
  },
  {
    rule: "date",
    format: "ledes1998b",
    failing: () =>
      onAll((f) => {
        f.INVOICE_DATE = "20261131";
      }),
    passing: () =>
      onAll((f) => {
        f.INVOICE_DATE = "20261130";
      }),
    says: /“20261131” is not a date/,
  },
  {
    rule: "amount",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.LINE_ITEM_UNIT_COST = "$150.00";
      }),
    passing: () =>
      onFirst((f) => {
        f.LINE_ITEM_UNIT_COST = "150.00";
      }),
    says: /contains a currency sign/,
  },
  {
    rule: "amount",
    format: "ledes1998b",
    failing: () =>
      onAll((f) => {
        f.INVOICE_TOTAL = "1,367.50";
        f.LINE_ITEM_TOTAL = f.LINE_ITEM_NUMBER === "2" ? "1,300.00" : f.LINE_ITEM_TOTAL;
        f.LINE_ITEM_NUMBER_OF_UNITS = f.LINE_ITEM_NUMBER === "2" ? "8.6667" : f.LINE_ITEM_NUMBER_OF_UNITS;
        f.LINE_ITEM_ADJUSTMENT_AMOUNT = f.LINE_ITEM_NUMBER === "2" ? "-0.01" : f.LINE_ITEM_ADJUSTMENT_AMOUNT;
      }),
    passing: () =>
      onAll((f) => {
        f.INVOICE_TOTAL = "1367.50";
        f.LINE_ITEM_TOTAL = f.LINE_ITEM_NUMBER === "2" ? "1300.00" : f.LINE_ITEM_TOTAL;
        f.LINE_ITEM_NUMBER_OF_UNITS = f.LINE_ITEM_NUMBER === "2" ? "8.6667" : f.LINE_ITEM_NUMBER_OF_UNITS;
        f.LINE_ITEM_ADJUSTMENT_AMOUNT = f.LINE_ITEM_NUMBER === "2" ? "-0.01" : f.LINE_ITEM_ADJUSTMENT_AMOUNT;
      }),
    says: /contains a comma; write 1250.00, not 1,250.00/,
  },
  {
    rule: "required",
    format: "ledes1998b",
    failing: () =>
      onAll((f) => {
        f.LAW_FIRM_ID = "";
      }),
    passing: base1998b,
    says: /Law firm ID is empty; .*Settings → Billing → Legal e-billing/,
  },
  {
    rule: "required",
    format: "ledes1998b",
    failing: () =>
      onAll((f) => {
        f.CLIENT_ID = "";
      }),
    passing: base1998b,
    says: /Client's e-billing ID is empty/,
  },
  {
    rule: "required",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.LINE_ITEM_TASK_CODE = "";
      }),
    passing: base1998b,
    says: /Task code is empty; .*L120 or C300/,
  },
  {
    rule: "required",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.TIMEKEEPER_CLASSIFICATION = "";
      }).replace(/\|PT\|/g, "||"),
    passing: base1998b,
    says: /Timekeeper classification is empty/,
  },
  {
    rule: "length",
    format: "ledes1998b",
    failing: () =>
      onAll((f) => {
        f.CLIENT_ID = "ACME-HOLDINGS-INTERNATIONAL";
      }),
    passing: () =>
      onAll((f) => {
        f.CLIENT_ID = "ACME-HOLDINGS";
      }),
    says: /has 27 characters; portals accept at most 20/,
  },
  {
    rule: "type",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f["EXP/FEE/INV_ADJ_TYPE"] = "T";
      }),
    passing: base1998b,
    says: /“T” is not a line type/,
  },
  {
    rule: "line-arithmetic",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.LINE_ITEM_ADJUSTMENT_AMOUNT = "0.00";
      }),
    passing: base1998b,
    says: /does not add up: 0\.1167 × 150\.00 \+ adjustment 0\.00 is not 17\.50/,
  },
  {
    rule: "invoice-total-consistent",
    format: "ledes1998b",
    failing: () =>
      edited1998b((f, i) => {
        if (i === 2) f.INVOICE_TOTAL = "367.00";
      }),
    passing: base1998b,
    says: /must state the same invoice total/,
  },
  {
    rule: "invoice-total-sum",
    format: "ledes1998b",
    failing: () =>
      onAll((f) => {
        f.INVOICE_TOTAL = "360.00";
      }),
    passing: base1998b,
    says: /is not the sum of its line totals/,
  },
  {
    rule: "task-code",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.LINE_ITEM_TASK_CODE = "X123";
      }),
    passing: () =>
      onFirst((f) => {
        f.LINE_ITEM_TASK_CODE = "L110";
      }),
    says: /“X123” is not a UTBMS task code/,
  },
  {
    rule: "task-code",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.LINE_ITEM_TASK_CODE = "L100";
      }),
    passing: () =>
      onFirst((f) => {
        f.LINE_ITEM_TASK_CODE = "L110";
      }),
    says: /is a phase heading/,
  },
  {
    rule: "activity-code",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.LINE_ITEM_ACTIVITY_CODE = "A112";
      }),
    passing: () =>
      onFirst((f) => {
        f.LINE_ITEM_ACTIVITY_CODE = "A107";
      }),
    says: /not a UTBMS activity code/,
  },
  {
    rule: "expense-code",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f["EXP/FEE/INV_ADJ_TYPE"] = "E";
        f.LINE_ITEM_EXPENSE_CODE = "E999";
        f.LINE_ITEM_TASK_CODE = "";
        f.LINE_ITEM_ACTIVITY_CODE = "";
      }),
    passing: () =>
      onFirst((f) => {
        f["EXP/FEE/INV_ADJ_TYPE"] = "E";
        f.LINE_ITEM_EXPENSE_CODE = "E105";
        f.LINE_ITEM_TASK_CODE = "";
        f.LINE_ITEM_ACTIVITY_CODE = "";
      }),
    says: /not a UTBMS expense code/,
  },
  {
    rule: "timekeeper-classification",
    format: "ledes1998b",
    failing: () =>
      onAll((f) => {
        f.TIMEKEEPER_CLASSIFICATION = "PARTNR";
      }),
    passing: () =>
      onAll((f) => {
        f.TIMEKEEPER_CLASSIFICATION = "AS";
      }),
    says: /use one of PT, AS, OC, LA, OT/,
  },
  {
    rule: "timekeeper-consistent",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.TIMEKEEPER_NAME = "J. Doe";
      }),
    passing: () =>
      onAll((f) => {
        f.TIMEKEEPER_NAME = "J. Doe";
      }),
    says: /Timekeeper TK1 has a different timekeeper name here/,
  },
  {
    rule: "unknown-client-matter",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.CLIENT_MATTER_ID = "ACME-8";
      }),
    passing: base1998b,
    says: /The client has no matter numbered “ACME-8”/,
  },
  {
    rule: "unknown-timekeeper",
    format: "ledes1998b",
    failing: () =>
      onAll((f) => {
        f.TIMEKEEPER_ID = "TK9";
      }),
    passing: base1998b,
    says: /“TK9” is not one of the firm's timekeepers/,
  },
  {
    rule: "line-date-in-period",
    format: "ledes1998b",
    failing: () =>
      onFirst((f) => {
        f.LINE_ITEM_DATE = "20261201";
      }),
    passing: base1998b,
    says: /outside the billing period 20261101–20261130/,
  },
  {
    rule: "period-order",
    format: "ledes1998b",
    failing: () =>
      onAll((f) => {
        f.BILLING_START_DATE = "20261201";
      }),
    passing: base1998b,
    says: /ends before it starts/,
  },
  {
    rule: "duplicate-line-number",
    format: "ledes1998b",
    failing: () =>
      edited1998b((f, i) => {
        if (i === 1) f.LINE_ITEM_NUMBER = "1";
      }),
    passing: base1998b,
    says: /Line number 1 is used twice/,
  },
  {
    rule: "xml",
    format: "ledesxml21",
    failing: () => baseXml().replace("</fee>", "</feee>"),
    passing: baseXml,
    says: /not well-formed XML/,
  },
  {
    rule: "header",
    format: "ledesxml21",
    failing: () => baseXml().replaceAll("ledesxmlebilling2.1", "ledesxmlebilling2.0"),
    passing: baseXml,
    says: /root element must be <ledesxmlebilling2.1>/,
  },
  {
    rule: "xml-total",
    format: "ledesxml21",
    failing: () =>
      baseXml().replace("<matter_total_due>317.50</matter_total_due>", "<matter_total_due>318.50</matter_total_due>"),
    passing: baseXml,
    says: /matter_total_due says 318\.50/,
  },
  {
    rule: "date",
    format: "ledesxml21",
    failing: () => baseXml().replace("<charge_date>2026-11-02</charge_date>", "<charge_date>11/02/2026</charge_date>"),
    passing: baseXml,
    says: /not a date in the form YYYY-MM-DD/,
  },
  {
    rule: "line-arithmetic",
    format: "ledesxml21",
    failing: () => baseXml().replace("<rate>150.00</rate>", "<rate>155.00</rate>"),
    passing: baseXml,
    says: /does not add up/,
  },
  {
    rule: "required",
    format: "ledesxml21",
    failing: () => baseXml().replace("<acca_task>L120</acca_task>", "<acca_task></acca_task>"),
    passing: baseXml,
    says: /Task code is empty/,
  },
];

describe("LEDES validator: the portals' checks", () => {
  it.each(CASES.map((c, index) => ({ ...c, name: `${c.format} ${c.rule} #${index + 1}` })))(
    "$name: refuses the failing file and accepts the fixed one",
    (c) => {
      const failing = validateLedesFile(c.format, c.failing(), CONTEXT);
      const matching = failing.filter((issue) => issue.rule === c.rule);
      expect(matching.length, JSON.stringify(failing, null, 1)).toBeGreaterThan(0);
      expect(matching.map((issue) => issue.message).join("\n")).toMatch(c.says);
      expect(validateLedesFile(c.format, c.passing(), CONTEXT)).toEqual([]);
    },
  );

  it("says where: the file line, the line item number and the field with its plain name", () => {
    const [issue] = validateLedesFile(
      "ledes1998b",
      onFirst((f) => {
        f.LINE_ITEM_TASK_CODE = "X123";
      }),
      CONTEXT,
    );
    expect(issue).toMatchObject({
      severity: "error",
      location: "Line 3",
      lineItemNumber: "1",
      field: "LINE_ITEM_TASK_CODE",
      fieldLabel: "Task code",
    });
  });

  it("checks every rule at once rather than stopping at the first", () => {
    const text = onFirst((f) => {
      f.LINE_ITEM_TASK_CODE = "X1";
      f.LINE_ITEM_ACTIVITY_CODE = "Z";
      f.LINE_ITEM_DATE = "2026";
    });
    expect(new Set(validateLedesFile("ledes1998b", text).map((issue) => issue.rule))).toEqual(
      new Set(["task-code", "activity-code", "date"]),
    );
  });
});
