import { type CsvValue, csvNumber } from "@core/csv";
import { decimalHoursText } from "@core/duration";
import { formatDecimalMoney } from "@core/money";

/** Hours to two decimals, as the page and its CSV show them: 5400 s → "1.50 h". */
export function hoursText(seconds: number): string {
  return `${decimalHoursText(seconds)} h`;
}

/** A rate as a whole percentage, or a dash when its denominator was 0 ("no billable work, no realization"). */
export function percentText(rate: number | null): string {
  return rate === null ? "—" : `${Math.round(rate * 100)} %`;
}

/** Money for a cell. */
export function moneyText(amount: string | null, currency: string): string {
  return amount === null ? "—" : formatDecimalMoney(amount, currency);
}

/** Money for a CSV cell: the decimal as a number a spreadsheet sums, never a formatted string. */
export function moneyCsv(amount: string | null): CsvValue {
  return amount === null ? null : csvNumber(amount);
}

/** Hours for a CSV cell (two decimals, as a number). */
export function hoursCsv(seconds: number): CsvValue {
  return csvNumber(decimalHoursText(seconds));
}

/** A decimal amount for a chart's scale only: charts draw, they never add money up. */
export function chartAmount(amount: string): number {
  return Number(amount);
}
