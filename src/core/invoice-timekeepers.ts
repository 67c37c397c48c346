/**
 * Issue 26 §2, "an invoice can cover several members' work, each line naming its timekeeper": the ONE rule the
 * invoice screen, the invoice PDF and the LEDES file follow (docs/team.md, Invoices by member). Each line records
 * its member when the invoice is made (invoice_items.user_id: the billed call's or email's user).
 */

/**
 * Whether an invoice names each line's member: when its lines are by more than one member, or the practice has
 * more than one member. A solo practitioner's invoice stays as it always was (no one else to tell apart).
 */
export function showsTimekeepers(input: { lineUserIds: readonly (number | null)[]; practiceMembers: number }): boolean {
  const members = new Set(input.lineUserIds.filter((id): id is number => id !== null));
  return members.size > 1 || input.practiceMembers > 1;
}

/**
 * The member a line is billed under: the member recorded on the line; a line recorded with none (its author's
 * row is gone) falls back to `fallbackUserId` where a timekeeper is required (LEDES: the practice's first owner),
 * and is named by no one on the screen and the PDF (no fallback given).
 */
export function lineTimekeeperId(lineUserId: number | null, fallbackUserId?: number): number | null {
  return lineUserId ?? fallbackUserId ?? null;
}

/** How the PDF and the screen print a named line: "Ada Lovelace · Consultation call via Zoom". */
export function describeWithTimekeeper(description: string, timekeeper: string | null): string {
  return timekeeper ? `${timekeeper} · ${description}` : description;
}
