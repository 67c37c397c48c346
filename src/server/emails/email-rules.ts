import { and, eq } from "drizzle-orm";
import { DEFAULT_EMAIL_RATE_CENTS, type EmailBillingRules } from "../../core/email-estimate.js";
import { isRoundingIncrement } from "../../core/billing/rules.js";
import { notFound } from "../../core/errors.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { clients } from "../db/schema/index.js";

export type EmailClient = Pick<
  typeof clients.$inferSelect,
  "id" | "name" | "minimumBillingMinutes" | "roundingIncrementMinutes" | "archivedAt"
>;

/** The account's client, or 404 (another account's id included: never a hint that it exists). */
export async function getClientForEmails(db: Db, accountId: number, clientId: number): Promise<EmailClient> {
  const [client] = await db
    .select({
      id: clients.id,
      name: clients.name,
      minimumBillingMinutes: clients.minimumBillingMinutes,
      roundingIncrementMinutes: clients.roundingIncrementMinutes,
      archivedAt: clients.archivedAt,
    })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.accountId, accountId)))
    .limit(1);
  if (!client) throw notFound("Client");
  return client;
}

/**
 * The rules an email is priced with (DECISIONS.md 8): always hourly at the rate chosen on the
 * screen (150.00 by default); minimum and rounding from the client where it overrides them,
 * else from the account.
 */
export function emailRules(
  account: Pick<AccountRow, "minimumBillingMinutes" | "roundingIncrementMinutes">,
  client: EmailClient | null,
  rateCents: number | undefined,
): EmailBillingRules {
  const rounding = client?.roundingIncrementMinutes ?? account.roundingIncrementMinutes;
  return {
    rateCents: rateCents ?? DEFAULT_EMAIL_RATE_CENTS,
    minimumBillingMinutes: Math.max(0, client?.minimumBillingMinutes ?? account.minimumBillingMinutes),
    roundingIncrementMinutes: isRoundingIncrement(rounding) ? rounding : 1,
  };
}
