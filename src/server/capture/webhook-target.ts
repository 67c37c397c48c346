import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { integrations, users } from "../db/schema/index.js";
import type { IntegrationRow } from "../integrations/integration-store.js";
import { queryPrepared } from "../db/prepared-query.js";
import { prefixedColumns } from "../db/prefixed-columns.js";

const integrationColumns = prefixedColumns(integrations, "i", "i_");

export type WebhookTarget = { row: IntegrationRow; ownerEmail: string | null };

/**
 * The integration row of `kind`/`provider` that a webhook URL's token (or, for a job, its id)
 * names, with its owner's email (the user's own address is "self" among participants, never a
 * client candidate). Read at every delivery, so a prepared statement (db/prepared-query.ts).
 */
export async function findWebhookTarget(
  db: Db,
  kind: string,
  provider: string,
  by: { token: string } | { id: number },
): Promise<WebhookTarget | null> {
  const which = "token" in by ? sql`i.webhook_token = ${by.token}` : sql`i.id = ${by.id}`;
  const [raw] = await queryPrepared(
    db,
    sql`select ${sql.raw(integrationColumns.list)}, u.email as owner_email
      from ${integrations} i left join ${users} u on u.id = i.user_id
      where ${which} and i.kind = ${kind} and i.provider = ${provider}
      limit 1`,
  );
  const row = raw ? integrationColumns.read(raw) : null;
  return row ? { row, ownerEmail: (raw?.owner_email as string | null) ?? null } : null;
}
