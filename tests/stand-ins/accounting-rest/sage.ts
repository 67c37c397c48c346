import type { AccountingStandInControls } from "../accounting/controls.js";
import {
  type Answer,
  bearerOf,
  type ProviderRoutes,
  StandInOAuth,
  type StandInRequest,
  sequence,
  startRestStandIn,
} from "./core.js";

/**
 * Sage Business Cloud Accounting v3 behind Sage's API gateway: /{region}/sageone/accounts/v3/ with
 * contacts, sales_invoices (DELETE with void_reason voids an issued invoice), contact_payments
 * (customer receipts allocated to invoices), bank_accounts and ledger_accounts. Every request needs
 * the bearer API key and the `ocp-apim-subscription-key`; the gateway refuses a wrong subscription
 * key with its own 401 body, Sage a wrong key with [{ $dataCode: "AuthorizationFailure" }]. Lists
 * answer { $items }, errors [{ $severity, $dataCode, $message, $source }] with 422. The Core API lists the
 * login's businesses; with several, the accounts API needs `X-Site` naming one (issue 30 §4).
 */
type Row = Record<string, unknown> & { id: string };

export type SageBusiness = { id: string; name: string };

export type SageStandIn = AccountingStandInControls & {
  apiKey: string;
  subscriptionKey: string;
  revenueAccountId: string;
  contacts: Map<string, Row>;
  invoices: Map<string, Row>;
  payments: Map<string, Row>;
  /** The login's businesses (Core API business_relationships); with several, every accounts call needs X-Site. */
  businesses: SageBusiness[];
  /** The business's subscription ended: Sage's documented 401 "No active subscription. (MSE)". */
  setSubscriptionActive(active: boolean): void;
  /** The X-Site header of every accounts API call, in order ("" when none was sent). */
  sitesSeen(): string[];
};

export async function startSageStandIn(region = "uki"): Promise<SageStandIn> {
  const apiKey = "sage-api-key";
  const subscriptionKey = "sage-subscription-key";
  const revenueAccountId = "9a994b92267a11e797950a57719b2edb";
  const bankAccountId = "b1f1c3a2267a11e797950a57719b2edb";
  const keys = new StandInOAuth("unused", "unused", "body");
  keys.allow(apiKey);
  const contacts = new Map<string, Row>();
  const invoices = new Map<string, Row>();
  const payments = new Map<string, Row>();
  const nextId = (() => {
    const next = sequence(1);
    return () => `${next().padStart(8, "0")}267a11e797950a57719b2edb`;
  })();
  const prefix = `/${region}/sageone/accounts/v3/`;
  const corePrefix = `/${region}/sageone/core/v3/`;
  const businesses: SageBusiness[] = [{ id: "b8a1f0c2267a11e797950a57719b2edb", name: "Hartley & Webb" }];
  let subscriptionActive = true;
  const sites: string[] = [];

  const invalid = (source: string, message: string): Answer => ({
    status: 422,
    body: [{ $severity: "error", $dataCode: "RecordInvalid", $message: message, $source: source }],
  });
  const notFound = (): Answer => ({
    status: 404,
    body: [{ $severity: "error", $dataCode: "RecordNotFound", $message: "Resource not found", $source: "" }],
  });
  const list = (rows: Row[]): Answer => ({
    status: 200,
    body: {
      $total: rows.length,
      $page: 1,
      $itemsPerPage: 20,
      $items: rows.map((row) => ({ ...row, displayed_as: row.name ?? row.reference ?? row.id })),
    },
  });

  const checkInvoice = (invoice: Record<string, unknown>): Answer | null => {
    if (!contacts.has(String(invoice.contact_id))) return invalid("contact_id", "Contact can't be blank");
    const lines = invoice.invoice_lines as { ledger_account_id?: string; unit_price?: string }[] | undefined;
    if (!lines?.length) return invalid("invoice_lines", "Invoice lines can't be blank");
    if (lines.some((line) => line.ledger_account_id !== revenueAccountId))
      return invalid("invoice_lines.ledger_account_id", "Ledger account is invalid");
    return null;
  };

  const route = (request: StandInRequest): Answer => {
    // Core API: the businesses this login may use (Sage One Core API v3, GET business_relationships: [{id, name}]).
    if (request.url.pathname.startsWith(corePrefix)) {
      const resource = request.url.pathname.slice(corePrefix.length);
      if (resource === "business_relationships" && request.method === "GET") return { status: 200, body: businesses };
      return notFound();
    }
    const site = String(request.headers["x-site"] ?? "");
    sites.push(site);
    if (!subscriptionActive) return noActiveSubscription();
    // A login with several businesses must say which one (X-Site); without it, Sage refuses every call.
    if (businesses.length > 1 && !businesses.some((business) => business.id === site)) return sageUnauthorized();
    const [resource, id] = request.url.pathname.slice(prefix.length).split("/").map(decodeURIComponent);
    const body = (request.json ?? {}) as Record<string, Record<string, unknown>>;
    const query = request.url.searchParams;
    const search = query.get("search");
    if (resource === "bank_accounts" && request.method === "GET") return list([{ id: bankAccountId, name: "Current Account" }]);
    if (resource === "contacts") {
      if (request.method === "GET" && !id)
        return list(
          [...contacts.values()].filter(
            (row) => search === null || row.name === search || row.email === search || String(row.name).includes(search),
          ),
        );
      if (request.method === "POST" && !id) {
        if (!body.contact?.name) return invalid("name", "Name can't be blank");
        const contact = { ...body.contact, id: nextId() };
        contacts.set(contact.id, contact);
        return { status: 201, body: contact };
      }
      const existing = id ? contacts.get(id) : undefined;
      if (!existing) return notFound();
      if (request.method === "PUT") Object.assign(existing, body.contact, { id: existing.id });
      return { status: 200, body: existing };
    }
    if (resource === "sales_invoices") {
      if (request.method === "GET" && !id)
        return list(
          [...invoices.values()].filter(
            (row) => search === null || row.reference === search || String(row.invoice_number) === search,
          ),
        );
      if (request.method === "POST" && !id) {
        const problem = checkInvoice(body.sales_invoice ?? {});
        if (problem) return problem;
        const invoice = {
          ...body.sales_invoice,
          id: nextId(),
          invoice_number: `SI-${invoices.size + 1}`,
          status: { id: "UNPAID" },
        };
        invoices.set(invoice.id, invoice);
        return { status: 201, body: invoice };
      }
      const existing = id ? invoices.get(id) : undefined;
      if (!existing) return notFound();
      if (request.method === "PUT") {
        if ((existing.status as { id: string }).id === "VOID") return invalid("base", "A void invoice cannot be edited");
        const problem = checkInvoice({ ...existing, ...body.sales_invoice });
        if (problem) return problem;
        Object.assign(existing, body.sales_invoice, { id: existing.id });
      }
      if (request.method === "DELETE") {
        if ((existing.status as { id: string }).id === "VOID") return invalid("base", "The invoice is already void");
        if (!query.get("void_reason")) return invalid("void_reason", "Void reason can't be blank");
        existing.status = { id: "VOID" };
        existing.void_reason = query.get("void_reason");
        return { status: 204 };
      }
      return { status: 200, body: existing };
    }
    if (resource === "contact_payments") {
      if (request.method === "GET" && !id) {
        const contactId = query.get("contact_id");
        return list([...payments.values()].filter((row) => contactId === null || row.contact_id === contactId));
      }
      if (request.method === "POST" && !id) {
        const payment = body.contact_payment ?? {};
        if (payment.bank_account_id !== bankAccountId) return invalid("bank_account_id", "Bank account is invalid");
        if (!contacts.has(String(payment.contact_id))) return invalid("contact_id", "Contact can't be blank");
        const allocations = (payment.allocated_artefacts as { artefact_id?: string }[] | undefined) ?? [];
        if (allocations.some((allocation) => !invoices.has(String(allocation.artefact_id))))
          return invalid("allocated_artefacts", "Artefact is invalid");
        const created = { ...payment, id: nextId() };
        payments.set(created.id, created);
        for (const allocation of allocations) invoices.get(String(allocation.artefact_id))!.status = { id: "PAID" };
        return { status: 201, body: created };
      }
    }
    return notFound();
  };

  /** Sage's "Frequently raised errors": the trial ended or the subscription was cancelled. */
  const noActiveSubscription = (): Answer => ({
    status: 401,
    body: [{ $severity: "error", $dataCode: "AuthorizationFailure", $message: "No active subscription. (MSE)", $source: "" }],
  });

  const sageUnauthorized = (): Answer => ({
    status: 401,
    body: [{ $severity: "error", $dataCode: "AuthorizationFailure", $message: "Unauthorized", $source: "" }],
  });

  const routes: ProviderRoutes = {
    isApi: (path) => path.startsWith(prefix) || path.startsWith(corePrefix),
    unauthorized: sageUnauthorized,
    authenticate(request, auth) {
      if (request.headers["ocp-apim-subscription-key"] !== subscriptionKey)
        return {
          status: 401,
          body: {
            statusCode: 401,
            message:
              "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.",
          },
        };
      return auth.isLive(bearerOf(request)) ? null : sageUnauthorized();
    },
    route,
    counts: () => ({ customers: contacts.size, invoices: invoices.size, payments: payments.size }),
  };
  const controls = await startRestStandIn(routes, keys);
  return {
    ...controls,
    apiKey,
    subscriptionKey,
    revenueAccountId,
    contacts,
    invoices,
    payments,
    businesses,
    setSubscriptionActive: (active) => {
      subscriptionActive = active;
    },
    sitesSeen: () => [...sites],
  };
}
