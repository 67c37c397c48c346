import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { integrations, users } from "../db/schema/index.js";
import type { IntegrationRow } from "../integrations/integration-store.js";
import { compiledOnce } from "../db/compiled-statement.js";
import { queryPrepared } from "../db/prepared-query.js";
import { prefixedColumns } from "../db/prefixed-columns.js";
import { COUNT_HIT, type Reservation } from "../http/rate-limit.js";
import type { CountedLookup } from "../integrations/webhook-rate-limit.js";

const integrationColumns = prefixedColumns(integrations, "i", "i_");

/**
 * The version of what a target holds: the integration row's and its owner's row's `xmin`, which every
 * update of either row changes (a new row version). A target kept between deliveries (webhook-rate-limit.ts)
 * is still current exactly when a statement reads the same version (TARGET_IS_CURRENT). `i` is the integration,
 * `u` its owner.
 */
const TARGET_VERSION = sql.raw(`i.xmin::text || ':' || coalesce(u.xmin::text, '')`);

/**
 * True when the integration `integrationId` still has the version `targetVersion` (placeholders): a
 * statement's check that the target a delivery was verified with is the row as it is now.
 */
export const TARGET_IS_CURRENT = sql`exists (select 1 from ${integrations} i left join ${users} u on u.id = i.user_id
  where i.id = ${sql.placeholder("integrationId")} and ${TARGET_VERSION} = ${sql.placeholder("targetVersion")})`;

/** The lookup, compiled once (db/compiled-statement.ts): by the URL's token, or by the row's id. */
function targetStatement(which: SQL) {
  return compiledOnce<{ which: string | number; kind: string; provider: string }>(
    sql`select ${sql.raw(integrationColumns.list)}, u.email as owner_email, ${TARGET_VERSION} as target_version
      from ${integrations} i left join ${users} u on u.id = i.user_id
      where ${which} = ${sql.placeholder("which")} and i.kind = ${sql.placeholder("kind")} and i.provider = ${sql.placeholder("provider")}
      limit 1`,
  );
}
const byToken = targetStatement(sql`i.webhook_token`);
const byId = targetStatement(sql`i.id`);

export type WebhookTarget = {
  row: IntegrationRow;
  ownerEmail: string | null;
  /** The rows' version as read (TARGET_VERSION): what TARGET_IS_CURRENT compares. */
  version: string;
};

function targetOf(raw: Record<string, unknown> | undefined): WebhookTarget | null {
  const row = raw ? integrationColumns.read(raw) : null;
  if (!row) return null;
  return { row, ownerEmail: (raw?.owner_email as string | null) ?? null, version: String(raw?.target_version) };
}

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
  const [raw] = await queryPrepared(
    db,
    "token" in by ? byToken({ which: by.token, kind, provider }) : byId({ which: by.id, kind, provider }),
  );
  return targetOf(raw);
}

type CountedParams = { key: string; windowStart: string; which: string; kind: string };

/**
 * The delivery's rate-limit count (http/rate-limit.ts COUNT_HIT) and findWebhookTarget's read by token, in
 * ONE statement: the counter is added to whether or not the token names a row, as a count of its own does.
 * `row` narrows the rows the token may name beyond its kind (a provider), or is `true`.
 */
function countedStatement<T extends CountedParams>(row: SQL) {
  return compiledOnce<T>(
    sql`with hit as (${COUNT_HIT})
    select hit.count as hit_count, t.*
    from hit left join lateral (
      select ${sql.raw(integrationColumns.list)}, u.email as owner_email, ${TARGET_VERSION} as target_version
      from ${integrations} i left join ${users} u on u.id = i.user_id
      where i.webhook_token = ${sql.placeholder("which")} and i.kind = ${sql.placeholder("kind")} and ${row}
      limit 1
    ) t on true`,
  );
}
const countedByToken = countedStatement<CountedParams & { provider: string }>(sql`i.provider = ${sql.placeholder("provider")}`);
const countedByTokenOfKind = countedStatement<CountedParams>(sql`true`);

function countedAnswer(raw: Record<string, unknown> | undefined): { count: number; found: WebhookTarget | null } {
  return { count: Number(raw?.hit_count ?? 0), found: targetOf(raw) };
}

/**
 * registerWebhookRateLimitWithLookup's lookup for a provider's webhook: the count and the target of the token. A
 * null `provider` reads the kind's row whatever its provider (the phone webhooks share one kind's tokens across
 * providers, and each route checks the row's provider itself).
 */
export async function countAndFindWebhookTarget(
  db: Db,
  kind: string,
  provider: string | null,
  token: string,
  counter: Reservation,
): Promise<{ count: number; found: WebhookTarget | null }> {
  const params = { key: counter.key, windowStart: counter.windowStart.toISOString(), which: token, kind };
  const [raw] = await queryPrepared(
    db,
    provider === null ? countedByTokenOfKind(params) : countedByToken({ ...params, provider }),
  );
  return countedAnswer(raw);
}

/** registerWebhookRateLimitWithLookup's lookup for the webhook URLs of a provider: the count and the token's row. */
export function countedTargetLookup(kind: string, provider: string): CountedLookup<WebhookTarget | null> {
  return (db, token, counter) => countAndFindWebhookTarget(db, kind, provider, token, counter);
}
