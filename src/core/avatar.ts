import type { BillingType } from "./contracts/auth.js";
import { formatMoney } from "./money.js";

/**
 * Client avatars and rate labels (docs/decisions.md D6), shared by every screen
 * so the same client looks the same everywhere.
 */

/**
 * Five avatar colours. White text on each of these backgrounds passes WCAG AA (≥ 4.5:1), and the
 * avatar carries its own background, so it reads the same in light and dark themes. The class
 * names are written out in full so Tailwind's scanner finds them.
 */
export const AVATAR_COLORS = [
  "bg-blue-600 text-white",
  "bg-emerald-700 text-white",
  "bg-violet-600 text-white",
  "bg-rose-700 text-white",
  "bg-amber-700 text-white",
] as const;
export type AvatarColor = (typeof AVATAR_COLORS)[number];

/** How a rate's unit is written after the amount: "$4.00/min". */
export const RATE_UNIT_LABELS: Readonly<Record<BillingType, string>> = { minute: "min", hour: "hour", call: "call" };

/** Up to two capital letters: the first letter of the first and of the last word ("Ada King Lovelace" → "AL"); "?" when there is none. */
export function avatarInitials(name: string | null | undefined): string {
  const letters = (name ?? "")
    .split(/\s+/u)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  const first = letters[0];
  if (first === undefined) return "?";
  const last = letters.length > 1 ? letters[letters.length - 1] : "";
  return `${first}${last}`.toUpperCase();
}

/** The colour for a name, picked by its first letter so it never changes between visits. */
export function avatarColor(name: string | null | undefined): AvatarColor {
  const initial = avatarInitials(name);
  const code = initial.codePointAt(0) ?? 0;
  // "A" maps to the first colour, "B" to the second…, cycling through the five (A F K P U Z share one).
  const count = AVATAR_COLORS.length;
  return AVATAR_COLORS[(((code - 65) % count) + count) % count] ?? AVATAR_COLORS[0];
}

/** A rate always in its own unit (docs/decisions.md D6): "$150.00/hour", "$4.00/min", "$50.00/call". */
export function formatRate(rateCents: number, billingType: BillingType, currency = "usd"): string {
  return `${formatMoney(rateCents, currency)}/${RATE_UNIT_LABELS[billingType]}`;
}
