import { missingChoiceMessage } from "../../../../core/accounting/choices.js";
import { centsToDecimal } from "../../../../core/money.js";
import { AccountingRejected, AccountingUnauthorized, AccountingUnavailable } from "../../accounting-errors.js";
import { providerRequest } from "../../http.js";
import type { AccountingInvoice } from "../../provider.js";
import { type SageSession, type SageProvider, sageSettings } from "./sage-settings.js";

/**
 * Sage Business Cloud Accounting, API v3, through Sage's API gateway (api.columbus.sage.com/{region}/
 * sageone/accounts/v3): the one Sage accounting API whose documented authentication is a bearer
 * credential plus a gateway subscription key (`ocp-apim-subscription-key`), which are the two secrets
 * of the Sage form (apiKey, subscriptionKey). The gateway also takes `X-Site` (the business):
 * after the key is checked, the login's businesses are listed (Core API business_relationships); one is
 * taken as it is, several are offered under "Choose business" (docs/accounting.md), and the chosen one is sent
 * as X-Site on every accounts call (config.siteId). Region defaults to "uki" (config.region).
 * Sage keeps no idempotency keys, so creates look first: a contact by email or name, a sales invoice
 * by its reference (our number), a receipt by contact, reference, amount and date. Invoice lines post
 * to the Revenue Account ID; a void is Sage's DELETE with a void_reason (an issued invoice is voided,
 * not deleted); receipts go to the business's first bank account.
 */
const GATEWAY_ORIGIN = "https://api.columbus.sage.com";

export const sageProvider: SageProvider = {
  id: "sage",
  settings: sageSettings,

  async verify(session) {
    // Issue 30 §4: the login's businesses first; with several, Sage needs X-Site naming the one to book to.
    const businesses = await listBusinesses(session);
    if (businesses.length === 0) throw new AccountingRejected("This Sage login has no business to book to. Add one in Sage.");
    const learned: Record<string, string> = { sageBusinessCount: String(businesses.length) };
    const chosen = businesses.find((business) => business.id === session.config.siteId);
    // A business chosen before that this login no longer has (another key saved): forgotten, to be chosen again.
    if (session.config.siteId && !chosen) Object.assign(learned, { siteId: "", siteName: "" });
    const only = businesses.length === 1 ? businesses[0]! : null;
    const business = chosen ?? only;
    if (!business) return { organisationName: null, learned };
    if (!chosen) Object.assign(learned, businessConfig(business));
    await call({ ...session, config: { ...session.config, siteId: business.id } }, "GET", "/contacts?items_per_page=1");
    return { organisationName: business.name, learned };
  },

  async readChoices(session) {
    const businesses = await listBusinesses(session);
    return {
      choices: [
        {
          name: "business",
          label: "Business",
          help: "The Sage business Minutely books contacts, invoices and receipts to.",
          required: true,
          selected: businesses.find((business) => business.id === session.config.siteId)?.id ?? null,
          options: businesses.map((business) => ({
            value: business.id,
            label: business.name,
            detail: null,
            config: businessConfig(business),
          })),
        },
      ],
      facts: [{ label: "Businesses on this login", value: String(businesses.length) }],
    };
  },

  async upsertCustomer(session, customer, { known }) {
    const contact = {
      name: customer.company ?? customer.name,
      contact_type_ids: ["CUSTOMER"],
      email: customer.email ?? undefined,
      telephone: customer.phone ?? undefined,
    };
    if (known) {
      await call(session, "PUT", `/contacts/${encodeURIComponent(known.remoteId)}`, { contact });
      return { remoteId: known.remoteId };
    }
    const listed = items<{ id: string; name?: string; email?: string | null }>(
      await call(
        session,
        "GET",
        `/contacts?contact_type_id=CUSTOMER&attributes=name,email&search=${encodeURIComponent(customer.email ?? contact.name)}`,
      ),
    );
    const found = listed.find((row) => (customer.email ? row.email === customer.email : row.name === contact.name));
    if (found) return { remoteId: found.id };
    return { remoteId: idOf((await call(session, "POST", "/contacts", { contact })).body) };
  },

  async upsertInvoice(session, invoice, { known }) {
    const body = { sales_invoice: salesInvoice(session, invoice) };
    if (known) {
      await call(session, "PUT", `/sales_invoices/${encodeURIComponent(known.remoteId)}`, body);
      return { remoteId: known.remoteId };
    }
    const listed = items<{ id: string; reference?: string | null }>(
      await call(session, "GET", `/sales_invoices?attributes=reference&search=${encodeURIComponent(invoice.number)}`),
    );
    const found = listed.find((row) => row.reference === invoice.number);
    if (found) return { remoteId: found.id };
    return { remoteId: idOf((await call(session, "POST", "/sales_invoices", body)).body) };
  },

  async voidInvoice(session, known) {
    const path = `/sales_invoices/${encodeURIComponent(known.remoteId)}`;
    try {
      await call(session, "DELETE", `${path}?void_reason=${encodeURIComponent("Voided in Minutely")}`);
    } catch (error) {
      // A retry after a lost answer: the invoice is void already.
      if (!(error instanceof AccountingRejected)) throw error;
      const current = (await call(session, "GET", `${path}?attributes=status`)).body as { status?: { id?: string } } | null;
      if (current?.status?.id !== "VOID") throw error;
    }
    return { remoteId: known.remoteId, remoteVersion: known.remoteVersion ?? null };
  },

  async createPayment(session, payment) {
    const amount = centsToDecimal(payment.amountMinor);
    const earlier = items<{ id: string; reference?: string | null; total_amount?: string | number; date?: string }>(
      await call(
        session,
        "GET",
        `/contact_payments?contact_id=${encodeURIComponent(payment.customerRemoteId)}&attributes=reference,total_amount,date`,
      ),
    ).find(
      (row) => row.reference === payment.reference && Number(row.total_amount) === Number(amount) && row.date === payment.paidOn,
    );
    if (earlier) return { remoteId: earlier.id };
    const created = await call(session, "POST", "/contact_payments", {
      contact_payment: {
        transaction_type_id: "CUSTOMER_RECEIPT",
        contact_id: payment.customerRemoteId,
        bank_account_id: await bankAccountId(session),
        date: payment.paidOn,
        total_amount: amount,
        reference: payment.reference,
        allocated_artefacts: [{ artefact_id: payment.invoiceRemoteId, amount }],
      },
    });
    return { remoteId: idOf(created.body) };
  },
};

function salesInvoice(session: SageSession, invoice: AccountingInvoice) {
  const ledgerAccountId = session.config.revenueAccountId;
  if (!ledgerAccountId)
    throw new AccountingRejected(
      "Sage needs the Revenue Account ID (the sales ledger account invoice lines post to). Add it in Configure.",
    );
  return {
    contact_id: invoice.customerRemoteId,
    date: invoice.issueDate,
    due_date: invoice.dueDate,
    reference: invoice.number,
    notes: invoice.memo ?? undefined,
    invoice_lines: invoice.lines.map((line) => ({
      description: line.description,
      ledger_account_id: ledgerAccountId,
      quantity: 1,
      unit_price: centsToDecimal(line.amountMinor),
    })),
  };
}

async function bankAccountId(session: SageSession): Promise<string> {
  const [first] = items<{ id: string }>(await call(session, "GET", "/bank_accounts?items_per_page=1"));
  if (!first) throw new AccountingRejected("The Sage business has no bank account to record the receipt in. Add one in Sage.");
  return first.id;
}

type SageBusiness = { id: string; name: string };

/** What choosing a business keeps: X-Site's value, and its name for the card. */
function businessConfig(business: SageBusiness): Record<string, string> {
  return { siteId: business.id, siteName: business.name, organisationName: business.name };
}

/** The Core API's businesses of this login (GET business_relationships: [{id, name}]); no X-Site needed. */
async function listBusinesses(session: SageSession): Promise<SageBusiness[]> {
  const response = await call(session, "GET", "/business_relationships", undefined, "core");
  const rows = Array.isArray(response.body) ? (response.body as { id?: unknown; name?: unknown }[]) : [];
  return rows.flatMap((row) =>
    typeof row.id === "string" && row.id
      ? [{ id: row.id, name: typeof row.name === "string" && row.name ? row.name : row.id }]
      : [],
  );
}

function call(
  session: SageSession,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  json?: unknown,
  api: "accounts" | "core" = "accounts",
) {
  const { apiKey, subscriptionKey } = session.secrets;
  if (!apiKey || !subscriptionKey) throw new AccountingRejected("Sage needs both the API Key and the Subscription Key.");
  const region = session.config.region ?? "uki";
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey}`, "ocp-apim-subscription-key": subscriptionKey };
  if (api === "accounts") {
    // Several businesses and none chosen: nothing is sent (Sage would refuse every call without X-Site).
    if (!session.config.siteId && Number(session.config.sageBusinessCount ?? 0) > 1)
      throw new AccountingRejected(missingChoiceMessage("sage", session.config) ?? "Choose the Sage business first.");
    if (session.config.siteId) headers["x-site"] = session.config.siteId;
  }
  return providerRequest(session, {
    method,
    url: `${session.endpoints.baseUrl ?? GATEWAY_ORIGIN}/${encodeURIComponent(region)}/sageone/${api}/v3${path}`,
    headers,
    json,
    authorization: "none",
    describeError: sageError,
  }).catch((error: unknown) => {
    throw sageRefusal(error);
  });
}

/** Sage's documented 401 when the business's trial ended or its subscription was cancelled ("Frequently raised errors"). */
const NO_ACTIVE_SUBSCRIPTION = "No active subscription. (MSE)";

/** A lapsed subscription is not a bad key: the card says so, in Sage's words, with what to do (docs/accounting.md). */
function sageRefusal(error: unknown): unknown {
  if (!(error instanceof AccountingUnauthorized) || !error.message.endsWith(NO_ACTIVE_SUBSCRIPTION)) return error;
  return new AccountingUnauthorized(
    `Sage refused: "${NO_ACTIVE_SUBSCRIPTION}" The Sage business's trial has ended or its subscription was cancelled. Renew it in Sage, then save the Sage settings here again.`,
    { saysWhatToDo: true },
  );
}

/** Lists answer { $items: [...] }. */
function items<T>(response: { body: unknown }): T[] {
  return ((response.body as { $items?: T[] } | null)?.$items ?? []) as T[];
}

function idOf(body: unknown): string {
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id !== "string" || !id) throw new AccountingUnavailable("Sage answered without the row it wrote.");
  return id;
}

/** Sage: [{ $severity, $dataCode, $message, $source }]; the gateway: { statusCode, message }. */
function sageError(status: number, body: unknown): string {
  if (Array.isArray(body)) {
    const messages = body.map((error: { $message?: string; $source?: string }) => error.$message).filter(Boolean);
    if (messages.length > 0) return messages.join(" ");
  }
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : `Sage answered ${status}.`;
}
