import { and, desc, eq } from "drizzle-orm";
import { presentCall } from "../calls/call-presenter.js";
import { selectCallsWithClient } from "../calls/call-queries.js";
import type { Db } from "../db/client.js";
import { calls, clients, invoices, trackedEmails } from "../db/schema/index.js";
import { presentTrackedEmail } from "../emails/tracked-email-presenter.js";
import { ownedBy } from "../work/work-scope.js";
import { presentInvoice } from "../invoices/invoice-presenter.js";

/**
 * The lists of the client detail page, newest first, in the same shapes as the
 * calls, client-log and invoices endpoints (their presenters), so a row reads the same everywhere.
 */
type ClientScope = { accountId: number; clientId: number; ownerId?: number | null };

export async function findClientCalls(db: Db, scope: ClientScope) {
  const rows = await selectCallsWithClient(db)
    .where(and(eq(calls.accountId, scope.accountId), eq(calls.clientId, scope.clientId), ownedBy(calls.userId, scope.ownerId)))
    .orderBy(desc(calls.startedAt), desc(calls.id));
  return rows.map(presentCall);
}

export async function findClientEmails(db: Db, scope: ClientScope) {
  const rows = await db
    .select({ email: trackedEmails, clientName: clients.name })
    .from(trackedEmails)
    .innerJoin(clients, eq(clients.id, trackedEmails.clientId))
    .where(
      and(
        eq(trackedEmails.accountId, scope.accountId),
        eq(trackedEmails.clientId, scope.clientId),
        ownedBy(trackedEmails.userId, scope.ownerId),
      ),
    )
    .orderBy(desc(trackedEmails.createdAt), desc(trackedEmails.id));
  return rows.map(({ email, clientName }) => presentTrackedEmail(email, clientName));
}

export async function findClientInvoices(db: Db, scope: ClientScope) {
  const rows = await db
    .select({ invoice: invoices, name: clients.name, email: clients.email })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(eq(invoices.accountId, scope.accountId), eq(invoices.clientId, scope.clientId)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return rows.map(({ invoice, name, email }) => presentInvoice(invoice, { name, email }));
}
