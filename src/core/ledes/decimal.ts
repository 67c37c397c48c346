/**
 * Exact decimals for LEDES files: every number is kept as an integer count of ten-thousandths
 * (LEDES allows at most 4 decimals), as a bigint so a product of two of them is still exact.
 */
export const SCALE = 10_000n;

/** "150.00" → 1_500_000n; "-0.0100" → -100n; null for anything that is not digits with at most 4 decimals. */
export function parseDecimal4(text: string): bigint | null {
  const match = /^(-)?(\d+)(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) return null;
  const [, minus, whole = "0", fraction = ""] = match;
  const value = BigInt(whole) * SCALE + BigInt(fraction.padEnd(4, "0"));
  return minus ? -value : value;
}

/** 1_500_000n → "150.00": at least `minDecimals`, more only where the value needs them (at most 4). */
export function formatDecimal4(value: bigint, minDecimals = 2): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = magnitude / SCALE;
  let fraction = (magnitude % SCALE).toString().padStart(4, "0");
  while (fraction.length > minDecimals && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const text = fraction.length > 0 ? `${whole}.${fraction}` : `${whole}`;
  return negative && magnitude !== 0n ? `-${text}` : text;
}

/** Integer cents as ten-thousandths. */
export const centsToE4 = (cents: number): bigint => BigInt(cents) * 100n;

/** Ten-thousandths that are whole cents back to cents; null when there are fractions of a cent. */
export function e4ToCents(value: bigint): number | null {
  return value % 100n === 0n ? Number(value / 100n) : null;
}

/** round(numerator / denominator) with halves away from zero (money rounding), for any sign. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d + (2n * (n % d) >= d ? 1n : 0n);
  return negative ? -quotient : quotient;
}

/**
 * units × unit cost as money (ten-thousandths, rounded to the cent, halves up): the "extended"
 * amount every portal compares with LINE_ITEM_TOTAL − LINE_ITEM_ADJUSTMENT_AMOUNT.
 */
export function extendedAmountE4(unitsE4: bigint, unitCostE4: bigint): bigint {
  // units × cost is in 1e-8; to cents (1e-2) is a division by 1e6, back to 1e-4 a multiplication by 100.
  return divideRoundHalfUp(unitsE4 * unitCostE4, 1_000_000n) * 100n;
}
