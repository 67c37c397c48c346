import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { resolveRules, type BillingRules, type BillingType, type RoundingIncrement } from "../../core/pricing/rules.js";
import { CALL_PLATFORMS, CALL_TYPES } from "../../core/contracts/calls.js";
import { FIRST_INVOICE_SEQUENCE } from "../../core/invoices.js";
import { priceCallColumns, type CallPriceColumns } from "../calls/pricing.js";
import { type Random, seededRandom } from "./seed-random.js";

/**
 * The demo account `npm run seed` makes, generated in memory first (pure, so it can be tested
 * and is the same for the same seed), then written in bulk by insert-seed.ts.
 */
export type SeedClient = {
  name: string;
  email: string;
  phone: string;
  company: string | null;
  caseType: string;
  billingRateCents: number | null;
  billingType: BillingType | null;
  minimumBillingMinutes: number | null;
  roundingIncrementMinutes: RoundingIncrement | null;
  createdAt: Date;
};

export type SeedCall = CallPriceColumns & {
  clientIndex: number | null;
  platform: string;
  callType: string;
  notes: string | null;
  startedAt: Date;
  endedAt: Date;
  /** Index into `invoices`, or null when unbilled. */
  invoiceIndex: number | null;
};

export type SeedInvoice = {
  clientIndex: number;
  sequence: number;
  dateFrom: string;
  dateTo: string;
  issuedOn: string;
  dueOn: string;
  status: "draft" | "sent" | "paid";
  subtotalCents: number;
  totalCalls: number;
  totalDurationSeconds: number;
  createdAt: Date;
};

export type SeedPlan = { clients: SeedClient[]; calls: SeedCall[]; invoices: SeedInvoice[] };

export type SeedOptions = {
  calls: number;
  clients: number;
  years: number;
  now: Date;
  timezone: string;
  rules: BillingRules;
  paymentTermsDays: number;
  seed: number;
};

const FIRST = ["Olivia", "Liam", "Emma", "Noah", "Ava", "Elijah", "Sophia", "James", "Isabella", "Lucas", "Mia", "Mateo", "Amelia", "Ethan", "Harper", "Aiden", "Evelyn", "Leo", "Abigail", "Grace", "Samuel", "Chloe", "Daniel", "Nora", "Henry", "Priya", "Wei", "Fatima", "Diego", "Yuki"];
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Patel", "Nguyen", "Kim", "Chen", "Okafor", "Rossi", "Novak", "Schmidt", "Dubois", "Sato"];
const COMPANY = ["Holdings", "Partners", "Group", "Logistics", "Health", "Capital", "Studios", "Foods", "Labs", "Builders", "Realty", "Ventures"];
const CASE_TYPES = ["Contract review", "Estate planning", "Litigation", "Corporate", "Family law", "Immigration", "Real estate", "Intellectual property", "Employment", "Tax advice"];
const NOTES = [
  "Reviewed the draft agreement and agreed next steps.",
  "Follow-up on documents requested last week.",
  "Discussed settlement options.",
  "Prepared for the hearing; client to send exhibits.",
  "Quarterly check-in.",
  "Clarified the fee schedule.",
  "Went through the due-diligence checklist.",
];

/** Builds the whole account in memory: clients with a realistic mix of rates, calls over `years`, monthly invoices. */
export function generateSeed(options: SeedOptions): SeedPlan {
  const random = seededRandom(options.seed);
  const clients = Array.from({ length: options.clients }, (_, i) => makeClient(random, i, options));
  // A few clients get most of the calls, as in a real practice.
  const weights = clients.map((_, i) => 1 / (1 + i * 0.08));
  const cumulative: number[] = [];
  let running = 0;
  for (const weight of weights) {
    running += weight;
    cumulative.push(running);
  }
  const totalWeight = cumulative[cumulative.length - 1] ?? 1;
  const pickClient = () => {
    const target = random.next() * totalWeight;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const rulesFor = clients.map((client) =>
    resolveRules(options.rules, {
      rateCents: client.billingRateCents,
      billingType: client.billingType,
      minimumBillingMinutes: client.minimumBillingMinutes,
      roundingIncrementMinutes: client.roundingIncrementMinutes,
    }),
  );
  const span = options.years * 365 * 86_400_000;
  const from = options.now.getTime() - span;
  const calls: SeedCall[] = [];
  while (calls.length < options.calls) {
    const startedAt = businessHourInstant(random, from + random.next() * span, options.timezone);
    const durationSeconds = callDuration(random);
    if (startedAt.getTime() + durationSeconds * 1000 > options.now.getTime()) continue;
    const clientIndex = random.chance(0.03) ? null : pickClient();
    const rules = clientIndex === null ? options.rules : (rulesFor[clientIndex] as BillingRules);
    calls.push({
      clientIndex,
      platform: random.pick(CALL_PLATFORMS).value,
      callType: random.pick(CALL_TYPES).value,
      notes: random.chance(0.3) ? random.pick(NOTES) : null,
      startedAt,
      endedAt: new Date(startedAt.getTime() + durationSeconds * 1000),
      invoiceIndex: null,
      ...priceCallColumns(durationSeconds, rules),
    });
  }
  calls.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  const invoices = invoiceMonths(calls, options);
  return { clients, calls, invoices };
}

function makeClient(random: Random, index: number, options: SeedOptions): SeedClient {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const company = random.chance(0.6) ? `${random.pick(LAST)} ${random.pick(COMPANY)}` : null;
  const roll = random.next();
  let billingRateCents: number | null = null;
  let billingType: BillingType | null = null;
  if (roll < 0.25) [billingRateCents, billingType] = [random.int(24, 90) * 500, "hour"];
  else if (roll < 0.35) [billingRateCents, billingType] = [random.int(8, 32) * 25, "minute"];
  else if (roll < 0.4) [billingRateCents, billingType] = [random.int(2, 12) * 2500, "call"];
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${index + 1}@example.com`.toLowerCase(),
    phone: `+1 555 ${String(random.int(100, 999))} ${String(random.int(1000, 9999))}`,
    company,
    caseType: random.pick(CASE_TYPES),
    billingRateCents,
    billingType,
    minimumBillingMinutes: random.chance(0.15) ? 15 : null,
    roundingIncrementMinutes: random.chance(0.1) ? random.pick([6, 15] as const) : null,
    createdAt: new Date(options.now.getTime() - options.years * 365 * 86_400_000 - random.int(1, 90) * 86_400_000),
  };
}

/** A weekday (mostly) between 08:00 and 18:00 in the account's zone, on the day of `around`. */
function businessHourInstant(random: Random, around: number, timezone: string): Date {
  const day = new TZDate(around, timezone);
  const weekend = day.getDay() === 0 || day.getDay() === 6;
  const shift = weekend && !random.chance(0.1) ? (day.getDay() === 6 ? 2 : 1) : 0;
  const hour = random.int(8, 17);
  const minute = random.int(0, 59);
  return new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + shift, hour, minute, random.int(0, 59), timezone).getTime());
}

/** Mostly 5–30 minutes, some up to an hour, a few up to two. */
function callDuration(random: Random): number {
  const roll = random.next();
  if (roll < 0.6) return random.int(5 * 60, 30 * 60);
  if (roll < 0.9) return random.int(30 * 60, 60 * 60);
  return random.int(60 * 60, 120 * 60);
}

/**
 * One invoice per client and month for every month before the current one: paid when three or
 * more months old, sent for the month before last, draft for last month. The current month is unbilled.
 */
function invoiceMonths(calls: SeedCall[], options: SeedOptions): SeedInvoice[] {
  const monthOf = (instant: Date) => format(new TZDate(instant.getTime(), options.timezone), "yyyy-MM");
  const current = monthOf(options.now);
  const groups = new Map<string, SeedCall[]>();
  for (const call of calls) {
    if (call.clientIndex === null) continue;
    const month = monthOf(call.startedAt);
    if (month === current) continue;
    const key = `${month}|${call.clientIndex}`;
    const list = groups.get(key);
    if (list) list.push(call);
    else groups.set(key, [call]);
  }
  const ordered = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const monthsBack = (month: string) => {
    const [y, m] = month.split("-").map(Number) as [number, number];
    const [cy, cm] = current.split("-").map(Number) as [number, number];
    return (cy - y) * 12 + (cm - m);
  };
  return ordered.map(([key, items], index) => {
    const [month, clientIndex] = key.split("|") as [string, string];
    const [y, m] = month.split("-").map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const issued = new Date(Date.UTC(y, m, 1));
    const back = monthsBack(month);
    for (const call of items) call.invoiceIndex = index;
    return {
      clientIndex: Number(clientIndex),
      sequence: FIRST_INVOICE_SEQUENCE + index,
      dateFrom: `${month}-01`,
      dateTo: `${month}-${String(lastDay).padStart(2, "0")}`,
      issuedOn: issued.toISOString().slice(0, 10),
      dueOn: new Date(issued.getTime() + options.paymentTermsDays * 86_400_000).toISOString().slice(0, 10),
      status: back >= 3 ? "paid" : back === 2 ? "sent" : "draft",
      subtotalCents: items.reduce((sum, call) => sum + call.amountCents, 0),
      totalCalls: items.length,
      totalDurationSeconds: items.reduce((sum, call) => sum + call.durationSeconds, 0),
      createdAt: issued,
    };
  });
}
