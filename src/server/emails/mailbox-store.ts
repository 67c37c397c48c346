import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { emailIntegrations } from "../db/schema/index.js";

export type MailboxRow = typeof emailIntegrations.$inferSelect;
export type MailboxValues = Omit<typeof emailIntegrations.$inferInsert, "id" | "accountId" | "createdAt">;

/** What `secret_ciphertext` holds once decrypted. Never leaves the server. */
export type MailboxSecret =
  | { kind: "password"; password: string }
  | {
      kind: "oauth2";
      oauthProvider: "google" | "microsoft";
      accessToken: string;
      refreshToken: string | null;
      expiresAt: number;
    };

/** The additional authenticated data a row's secret is bound to: it only decrypts in its own account's row. */
export const secretContext = (accountId: number) => `email_integrations:${accountId}`;

/** The account's mailbox connection (one per account), or null. */
export async function findMailbox(db: Db, accountId: number): Promise<MailboxRow | null> {
  const [row] = await db.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, accountId)).limit(1);
  return row ?? null;
}

/** Creates or replaces the account's mailbox connection. */
export async function upsertMailbox(db: Db, accountId: number, values: MailboxValues, now: Date): Promise<MailboxRow> {
  const [row] = await db
    .insert(emailIntegrations)
    .values({ ...values, accountId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: emailIntegrations.accountId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

export async function updateMailbox(db: Db, accountId: number, values: Partial<MailboxValues>, now: Date): Promise<void> {
  await db
    .update(emailIntegrations)
    .set({ ...values, updatedAt: now })
    .where(eq(emailIntegrations.accountId, accountId));
}

/** Removes the connection and with it every stored secret. True when there was one. */
export async function deleteMailbox(db: Db, accountId: number): Promise<boolean> {
  const deleted = await db
    .delete(emailIntegrations)
    .where(eq(emailIntegrations.accountId, accountId))
    .returning({ id: emailIntegrations.id });
  return deleted.length > 0;
}
