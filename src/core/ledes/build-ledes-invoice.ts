import { centsToE4 } from "./decimal.js";
import { ledesLineAmounts, type PricedItem } from "./line-amounts.js";
import type { LedesInvoice, LedesLine } from "./model.js";

export type LedesMatter = { lawFirmMatterId: string; clientMatterId: string; description: string };
export type LedesTimekeeper = { id: string; name: string; classification: string };

/** One priced invoice line with what legal billing adds to it (codes, matter, who worked). */
export type LedesSourceLine = PricedItem & {
  position: number;
  workDate: string;
  description: string;
  taskCode: string | null;
  activityCode: string | null;
  matter: LedesMatter | null;
  timekeeper: LedesTimekeeper | null;
};

export type LedesSource = {
  invoice: {
    invoiceNumber: string;
    issuedOn: string;
    dueOn: string;
    dateFrom: string;
    dateTo: string;
    currency: string;
    totalCents: number;
  };
  client: { name: string; ledesClientId: string | null };
  firm: { lawFirmId: string | null; name: string };
  lines: LedesSourceLine[];
};

/**
 * The invoice as LEDES states it: every line a fee ("F": calls and emails are time), its amounts
 * from the pricing engine (line-amounts.ts), the invoice total the invoice's own. Missing ids stay
 * empty, so the validator can say what to fill in rather than the export inventing a value.
 */
export function buildLedesInvoice(source: LedesSource): LedesInvoice {
  const lines = groupedByMatter(source.lines).map((line, index): LedesLine => {
    const amounts = ledesLineAmounts(line);
    return {
      lineItemNumber: String(index + 1),
      sourcePosition: line.position,
      type: "F",
      date: line.workDate,
      ...amounts,
      taskCode: line.taskCode ?? "",
      expenseCode: "",
      activityCode: line.activityCode ?? "",
      timekeeperId: line.timekeeper?.id ?? "",
      timekeeperName: line.timekeeper?.name ?? "",
      timekeeperClassification: line.timekeeper?.classification ?? "",
      description: line.description,
      lawFirmMatterId: line.matter?.lawFirmMatterId ?? "",
      clientMatterId: line.matter?.clientMatterId ?? "",
      matterName: line.matter?.description ?? "",
    };
  });
  const workDates = source.lines.map((line) => line.workDate).sort();
  // The billing period covers every line even if an item was dated outside the invoice's period.
  const billingStartDate = [source.invoice.dateFrom, workDates[0] ?? source.invoice.dateFrom].sort()[0] as string;
  const billingEndDate = [source.invoice.dateTo, workDates.at(-1) ?? source.invoice.dateTo].sort()[1] as string;
  return {
    invoiceNumber: source.invoice.invoiceNumber,
    invoiceDate: source.invoice.issuedOn,
    dueDate: source.invoice.dueOn,
    currency: source.invoice.currency,
    clientId: source.client.ledesClientId ?? "",
    clientName: source.client.name,
    lawFirmId: source.firm.lawFirmId ?? "",
    lawFirmName: source.firm.name,
    billingStartDate,
    billingEndDate,
    description: `Legal services ${source.invoice.dateFrom} to ${source.invoice.dateTo}`,
    totalE4: centsToE4(source.invoice.totalCents),
    lines,
  };
}

/**
 * Lines in invoice order, except that the lines of one matter stand together (in the order the
 * matters first appear): LEDES XML lists each matter once with its fees, and both formats then
 * number the lines alike.
 */
function groupedByMatter(lines: LedesSourceLine[]): LedesSourceLine[] {
  const groups = new Map<string, LedesSourceLine[]>();
  for (const line of [...lines].sort((a, b) => a.position - b.position)) {
    const key = line.matter ? `${line.matter.lawFirmMatterId}\u0000${line.matter.clientMatterId}` : "";
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.values()].flat();
}
