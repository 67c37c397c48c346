import { and, eq } from "drizzle-orm";
import type { Config } from "../../src/server/config.js";
import type { Db } from "../../src/server/db/client.js";
import { integrations } from "../../src/server/db/schema/index.js";
import { MAILBOX_KIND, type MailboxSecret } from "../../src/server/emails/mailbox-store.js";
import { secretBoxFor } from "../../src/server/http/secrets.js";
import { type IntegrationRow, readIntegrationSecret } from "../../src/server/integrations/integration-store.js";

/** Every mailbox row of an account (one per member who connected one), straight from the store. */
export function mailboxRowsOf(db: Db, accountId: number): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), eq(integrations.kind, MAILBOX_KIND)));
}

/** The account's one mailbox row (its only member's), or undefined. */
export async function mailboxRowOf(db: Db, accountId: number, userId?: number): Promise<IntegrationRow | undefined> {
  const rows = await mailboxRowsOf(db, accountId);
  return userId === undefined ? rows[0] : rows.find((row) => row.userId === userId);
}

/** A mailbox row's secret opened with the context its row says it was sealed with. */
export function openMailboxSecret(config: Config, row: IntegrationRow): MailboxSecret {
  return readIntegrationSecret<MailboxSecret>(secretBoxFor(config), row)!;
}
