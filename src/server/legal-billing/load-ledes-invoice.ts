import { and, asc, eq } from "drizzle-orm";
import { lineTimekeeperId } from "../../core/invoice-timekeepers.js";
import { buildLedesInvoice, type LedesTimekeeper } from "../../core/ledes/build-ledes-invoice.js";
import type { LineCodes } from "../../core/ledes/legal-codes.js";
import type { LedesInvoice } from "../../core/ledes/model.js";
import type { LedesValidationContext } from "../../core/ledes/validate-ledes.js";
import { toBillingType } from "../../core/pricing/rules.js";
import type { Db } from "../db/client.js";
import {
  accounts,
  clientLegalSettings,
  invoiceItems,
  legalBillingSettings,
  matters,
  timekeepers,
  users,
} from "../db/schema/index.js";
import { getInvoice } from "../invoices/get-invoice.js";
import type { InvoiceItemRow, InvoiceRow } from "../invoices/invoice-presenter.js";
import { userDisplayName } from "./legal-settings.js";
import { resolveItemCodes } from "./resolve-item-codes.js";

type MatterRow = typeof matters.$inferSelect;

/** An invoice with all that its LEDES file needs, and what the portal would know (its matters, the firm's timekeepers). */
export type LoadedLedesInvoice = {
  invoice: InvoiceRow;
  ledes: LedesInvoice;
  items: InvoiceItemRow[];
  codes: Map<number, LineCodes>;
  matters: MatterRow[];
  context: LedesValidationContext;
  enabled: boolean;
};

/**
 * Reads one invoice of the account (404 otherwise) with its lines, their resolved codes and
 * matters, the client's e-billing id, the firm's id and each line's timekeeper: the member recorded on the
 * line when it was invoiced (the same one the screen and the PDF name: core/invoice-timekeepers.ts), else the
 * account's first user (a line whose member's row is gone).
 */
export async function loadLedesInvoice(db: Db, options: { accountId: number; invoiceId: number }): Promise<LoadedLedesInvoice> {
  const { accountId, invoiceId } = options;
  const { invoice, client } = await getInvoice(db, accountId, invoiceId);
  const items = await db
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.accountId, accountId), eq(invoiceItems.invoiceId, invoiceId)))
    .orderBy(asc(invoiceItems.position));
  const [[account], [settings], [clientSettings], clientMatters, people] = await Promise.all([
    db
      .select({ firmName: accounts.firmName, phoneCountry: accounts.phoneCountry })
      .from(accounts)
      .where(eq(accounts.id, accountId)),
    db.select().from(legalBillingSettings).where(eq(legalBillingSettings.accountId, accountId)),
    db
      .select()
      .from(clientLegalSettings)
      .where(and(eq(clientLegalSettings.accountId, accountId), eq(clientLegalSettings.clientId, client.id))),
    db
      .select()
      .from(matters)
      .where(and(eq(matters.accountId, accountId), eq(matters.clientId, client.id)))
      .orderBy(asc(matters.id)),
    db
      .select({ user: users, timekeeper: timekeepers })
      .from(users)
      .leftJoin(timekeepers, eq(timekeepers.userId, users.id))
      .where(eq(users.accountId, accountId))
      .orderBy(asc(users.id)),
  ]);
  const codes = await resolveItemCodes(db, {
    accountId,
    clientId: client.id,
    phoneCountry: account?.phoneCountry ?? "US",
    items,
  });
  const timekeeperOf = new Map(
    people.map(({ user, timekeeper }): [number, LedesTimekeeper] => [
      user.id,
      {
        id: timekeeper?.timekeeperId ?? "",
        name: timekeeper?.name || userDisplayName(user),
        classification: timekeeper?.classification ?? "",
      },
    ]),
  );
  const firstUserId = people[0]?.user.id;
  const matterById = new Map(clientMatters.map((matter) => [matter.id, matter]));

  const ledes = buildLedesInvoice({
    invoice: { ...invoice, totalCents: invoice.totalCents },
    client: { name: client.name, ledesClientId: clientSettings?.ledesClientId ?? null },
    firm: { lawFirmId: settings?.lawFirmId ?? null, name: account?.firmName ?? "" },
    lines: items.map((item) => {
      const lineCodes = codes.get(item.id);
      const matter = lineCodes?.matterId ? matterById.get(lineCodes.matterId) : undefined;
      const userId = lineTimekeeperId(item.userId, firstUserId);
      return {
        position: item.position,
        workDate: item.workDate,
        description: item.description,
        billedSeconds: item.billedSeconds,
        rateCents: item.rateCents,
        billingType: toBillingType(item.billingType),
        amountCents: item.amountCents,
        taskCode: lineCodes?.taskCode ?? null,
        activityCode: lineCodes?.activityCode ?? null,
        matter: matter
          ? { lawFirmMatterId: matter.lawFirmMatterId, clientMatterId: matter.clientMatterId, description: matter.description }
          : null,
        timekeeper: userId === null ? null : (timekeeperOf.get(userId) ?? null),
      };
    }),
  });
  return {
    invoice,
    ledes,
    items,
    codes,
    matters: clientMatters,
    enabled: settings?.enabled ?? false,
    context: {
      knownClientMatterIds: clientMatters.map((matter) => matter.clientMatterId),
      knownTimekeeperIds: people.flatMap(({ timekeeper }) => (timekeeper?.timekeeperId ? [timekeeper.timekeeperId] : [])),
    },
  };
}
