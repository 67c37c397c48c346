import { and, eq } from "drizzle-orm";
import { normaliseEmail } from "../../core/capture/email-address.js";
import type { AssignClientRequest, AssignClientResponse, RememberedIdentity } from "../../core/contracts/assign-client.js";
import { AppError, notFound } from "../../core/errors.js";
import { toE164 } from "../../core/phone-numbers.js";
import type { AccountRow } from "../auth/sessions.js";
import { rulesFor } from "../pricing/rules-from-rows.js";
import type { Db } from "../db/client.js";
import type { CallParticipant } from "../db/schema/calls.js";
import { calls, clientIdentities, clients } from "../db/schema/index.js";
import { notifyCallChange } from "../live/notify-call-change.js";
import { notifyInvoiceReady } from "../notifications/notify-invoice-ready.js";
import type { CallWithClient } from "./call-presenter.js";
import { callInAccount, getCall, getClientForCall } from "./call-queries.js";
import { priceCallColumns, ruleColumns } from "./pricing.js";

export const INVOICED_CALL_MESSAGE = "This call is on an invoice and cannot be reassigned";

type Remembered = AssignClientResponse["remembered"][number];

/**
 * "Assign client" for a call the pipeline left on Unknown Client, or any call not yet
 * invoiced: sets the client, prices an ended call again with that client's rules (a running one notes
 * them), raises the invoice-ready notification for an ended call, and remembers the chosen numbers and
 * addresses of the call's participants on the client (client_identities), so the next call from them
 * matches it. A number or address remembered for another client moves to this one: the user has just
 * said whose it is (the answer names the client it moved from). All in one transaction; open
 * dashboards hear of it at commit.
 */
export async function assignClient(
  db: Db,
  options: { account: AccountRow; ownerId: number | null; callId: number; input: AssignClientRequest; now: Date },
): Promise<{ call: CallWithClient; remembered: Remembered[] }> {
  const { account, ownerId, callId, input, now } = options;
  const remembered = await db.transaction(async (tx) => {
    const [call] = await tx
      .select()
      .from(calls)
      .where(callInAccount(account.id, callId, ownerId))
      .for("update")
      .limit(1);
    if (!call) throw notFound("Call");
    if (call.invoiceId !== null) throw new AppError("conflict", INVOICED_CALL_MESSAGE);
    const client = await getClientForCall(tx, account.id, input.clientId);
    const identities = identitiesToRemember(call.participants, input.remember, account.phoneCountry);

    const rules = rulesFor(account, client);
    const ended = call.endedAt !== null;
    const price = ended ? priceCallColumns(call.durationSeconds, rules) : ruleColumns(rules);
    const [updated] = await tx
      .update(calls)
      .set({ clientId: client.id, ...price, updatedAt: now })
      .where(callInAccount(account.id, callId))
      .returning();
    if (updated && ended) await notifyInvoiceReady(tx, { accountId: account.id, userId: updated.userId, call: updated });

    const result: Remembered[] = [];
    for (const identity of identities) result.push(await rememberIdentity(tx, account.id, client.id, identity));
    await notifyCallChange(tx, { accountId: account.id, callId, kind: "updated" });
    return result;
  });
  return { call: await getCall(db, account.id, callId), remembered };
}

/**
 * The requested identities, normalised (E.164 numbers, lower-case addresses) and checked against the
 * call's participants: only what the provider reported for this call can be remembered (400 otherwise),
 * and never the user's own number or address.
 */
function identitiesToRemember(
  participants: CallParticipant[],
  requested: RememberedIdentity[],
  country: string,
): RememberedIdentity[] {
  const others = participants.filter((participant) => !participant.self);
  const phones = new Set(others.flatMap((p) => (p.phone ? [toE164(p.phone, country) ?? p.phone] : [])));
  const emails = new Set(others.flatMap((p) => (p.email ? [normaliseEmail(p.email) ?? p.email] : [])));
  const chosen = new Map<string, RememberedIdentity>();
  for (const { kind, value } of requested) {
    const normal = kind === "phone" ? toE164(value, country) : normaliseEmail(value);
    if (kind === "phone" && !normal) throw new AppError("validation_error", `${value} is not a phone number`);
    if (!normal || !(kind === "phone" ? phones : emails).has(normal))
      throw new AppError(
        "validation_error",
        `${value} is not ${kind === "phone" ? "a number" : "an address"} of this call's participants`,
      );
    chosen.set(`${kind} ${normal}`, { kind, value: normal });
  }
  return [...chosen.values()];
}

/** Inserts the identity for the client, or moves it from the client it was remembered for. */
async function rememberIdentity(tx: Db, accountId: number, clientId: number, identity: RememberedIdentity): Promise<Remembered> {
  const where = and(
    eq(clientIdentities.accountId, accountId),
    eq(clientIdentities.kind, identity.kind),
    eq(clientIdentities.value, identity.value),
  );
  const [existing] = await tx
    .select({ id: clientIdentities.id, clientId: clientIdentities.clientId, clientName: clients.name })
    .from(clientIdentities)
    .innerJoin(clients, eq(clients.id, clientIdentities.clientId))
    .where(where)
    .for("update", { of: clientIdentities })
    .limit(1);
  if (!existing) {
    await tx
      .insert(clientIdentities)
      .values({ accountId, clientId, kind: identity.kind, value: identity.value })
      .onConflictDoUpdate({
        target: [clientIdentities.accountId, clientIdentities.kind, clientIdentities.value],
        set: { clientId },
      });
    return { ...identity, movedFrom: null };
  }
  if (existing.clientId === clientId) return { ...identity, movedFrom: null };
  await tx.update(clientIdentities).set({ clientId }).where(eq(clientIdentities.id, existing.id));
  return { ...identity, movedFrom: existing.clientName };
}
