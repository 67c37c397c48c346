import { eq } from "drizzle-orm";
import type { ClientLegalJson } from "../../core/contracts/legal-billing.js";
import type { Db } from "../db/client.js";
import { clientLegalSettings } from "../db/schema/index.js";
import { findClientMatters, presentMatter, requireClientMatter } from "./matters.js";

export type ClientLegalInput = {
  ledesClientId: string | null;
  defaultMatterId: number | null;
  defaultTaskCode: string | null;
  defaultActivityCode: string | null;
};

/** A client's e-billing id, line defaults and matters (another account's client is a 404). */
export async function getClientLegal(db: Db, options: { accountId: number; clientId: number }): Promise<ClientLegalJson> {
  const matterRows = await findClientMatters(db, options);
  const [settings] = await db.select().from(clientLegalSettings).where(eq(clientLegalSettings.clientId, options.clientId));
  return {
    clientId: options.clientId,
    ledesClientId: settings?.ledesClientId ?? null,
    defaultMatterId: settings?.defaultMatterId ?? null,
    defaultTaskCode: settings?.defaultTaskCode ?? null,
    defaultActivityCode: settings?.defaultActivityCode ?? null,
    matters: matterRows.map(presentMatter),
  };
}

/** Saves them; the default matter must be one of this client's. */
export async function updateClientLegal(
  db: Db,
  options: { accountId: number; clientId: number; input: ClientLegalInput; now: Date },
): Promise<ClientLegalJson> {
  const { accountId, clientId, input, now } = options;
  await findClientMatters(db, { accountId, clientId });
  await requireClientMatter(db, { accountId, clientId, matterId: input.defaultMatterId });
  const values = { ...input, updatedAt: now };
  await db
    .insert(clientLegalSettings)
    .values({ clientId, accountId, ...values })
    .onConflictDoUpdate({ target: clientLegalSettings.clientId, set: values });
  return getClientLegal(db, { accountId, clientId });
}
