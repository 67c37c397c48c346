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
 * FreshBooks (https://www.freshbooks.com/api): the OAuth paths (/oauth/authorize, /auth/oauth/token
 * with client credentials in the body, /auth/oauth/revoke), the identity (/auth/api/v1/users/me with
 * business memberships), and one business's clients, invoices and payments under
 * /accounting/account/{accountId}/, answers wrapped as { response: { result } }, errors as
 * { response: { errors: [{ message, field }] } } with 422. Like FreshBooks it keeps no idempotency
 * keys: a repeated create makes a second row (the provider must look first).
 */
export type FreshBooksStandIn = AccountingStandInControls & {
  accountId: string;
  oauth: StandInOAuth;
  clients: Map<string, Record<string, unknown>>;
  invoices: Map<string, Record<string, unknown>>;
  payments: Map<string, Record<string, unknown>>;
};

export async function startFreshBooksStandIn(
  options: { accountId?: string; businessName?: string } = {},
): Promise<FreshBooksStandIn> {
  const accountId = options.accountId ?? "zPq3Rk";
  const oauth = new StandInOAuth("fb-client-id", "fb-client-secret", "body");
  const clients = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Record<string, unknown>>();
  const payments = new Map<string, Record<string, unknown>>();
  const nextId = sequence(2001);
  const prefix = `/accounting/account/${accountId}/`;

  const ok = (result: unknown): Answer => ({ status: 200, body: { response: { result } } });
  const invalid = (field: string, message: string): Answer => ({
    status: 422,
    body: { response: { errors: [{ errno: 1012, field, message, object: "invoice" }] } },
  });
  const notFound = (): Answer => ({
    status: 404,
    body: { response: { errors: [{ errno: 1012, message: "The requested resource was not found." }] } },
  });
  const list = (name: string, rows: Record<string, unknown>[]): Answer =>
    ok({ [name]: rows, page: 1, pages: 1, per_page: 100, total: rows.length });

  const checkInvoice = (invoice: Record<string, unknown>): Answer | null => {
    if (!clients.has(String(invoice.customerid))) return invalid("customerid", "Client not found.");
    const lines = invoice.lines as { unit_cost?: { amount?: string } }[] | undefined;
    if (!lines?.length || lines.some((line) => !/^\d+\.\d{2}$/.test(line.unit_cost?.amount ?? "")))
      return invalid("lines", "Each line needs a unit cost.");
    return null;
  };

  const accountingRoute = (request: StandInRequest, rest: string[]): Answer => {
    const [area, kind, id] = rest;
    const body = (request.json ?? {}) as Record<string, Record<string, unknown>>;
    const search = (name: string) => request.url.searchParams.get(`search[${name}]`);
    if (area === "users" && kind === "clients") {
      if (request.method === "GET" && !id) {
        const email = search("email");
        const organization = search("organization_like");
        return list(
          "clients",
          [...clients.values()].filter(
            (row) =>
              (email === null || row.email === email) &&
              (organization === null || String(row.organization).includes(organization)),
          ),
        );
      }
      if (request.method === "POST" && !id) {
        const client = { ...body.client, id: Number(nextId()), vis_state: 0 };
        clients.set(String(client.id), client);
        return ok({ client });
      }
      const existing = id ? clients.get(id) : undefined;
      if (!existing) return notFound();
      if (request.method === "PUT") Object.assign(existing, body.client, { id: existing.id });
      return ok({ client: existing });
    }
    if (area === "invoices" && kind === "invoices") {
      if (request.method === "GET" && !id) {
        const number = search("invoice_number");
        return list(
          "invoices",
          [...invoices.values()].filter((row) => number === null || row.invoice_number === number),
        );
      }
      if (request.method === "POST" && !id) {
        const refused = checkInvoice(body.invoice ?? {});
        if (refused) return refused;
        const invoiceId = Number(nextId());
        const invoice = { ...body.invoice, id: invoiceId, invoiceid: invoiceId, vis_state: 0, v3_status: "draft" };
        invoices.set(String(invoiceId), invoice);
        return ok({ invoice });
      }
      const existing = id ? invoices.get(id) : undefined;
      if (!existing) return notFound();
      if (request.method === "PUT") {
        const merged = { ...existing, ...body.invoice };
        if (body.invoice?.lines || body.invoice?.customerid) {
          const refused = checkInvoice(merged);
          if (refused) return refused;
        }
        Object.assign(existing, body.invoice, { id: existing.id, invoiceid: existing.id });
      }
      return ok({ invoice: existing });
    }
    if (area === "payments" && kind === "payments") {
      if (request.method === "GET" && !id) {
        const invoiceId = search("invoiceid");
        return list(
          "payments",
          [...payments.values()].filter((row) => invoiceId === null || String(row.invoiceid) === invoiceId),
        );
      }
      if (request.method === "POST" && !id) {
        const payment = body.payment ?? {};
        const invoice = invoices.get(String(payment.invoiceid));
        if (!invoice) return invalid("invoiceid", "Invoice not found.");
        const created = { ...payment, id: Number(nextId()), vis_state: 0 };
        payments.set(String(created.id), created);
        invoice.v3_status = "paid";
        return ok({ payment: created });
      }
    }
    return notFound();
  };

  const unauthorized = (): Answer => ({
    status: 401,
    body: {
      error: "unauthenticated",
      error_description: "The access token is invalid or has expired.",
      message: "This action requires authentication to continue.",
    },
  });

  const routes: ProviderRoutes = {
    isApi: (path) => path.startsWith("/accounting/") || path.startsWith("/auth/api/"),
    unauthorized,
    authenticate: (request, auth) => (auth.isLive(bearerOf(request)) ? null : unauthorized()),
    route(request, auth) {
      const path = request.url.pathname;
      if (request.method === "GET" && path === "/oauth/authorize") {
        const redirect = new URL(request.url.searchParams.get("redirect_uri") ?? "http://invalid/");
        redirect.searchParams.set("code", `code-${Date.now()}`);
        redirect.searchParams.set("state", request.url.searchParams.get("state") ?? "");
        return { status: 302, headers: { location: redirect.toString() } };
      }
      if (request.method === "POST" && path === "/auth/oauth/token") return auth.token(request);
      if (request.method === "POST" && path === "/auth/oauth/revoke") {
        auth.expire(String((request.json as { token?: string } | null)?.token ?? ""));
        return { status: 200, body: {} };
      }
      if (request.method === "GET" && path === "/auth/api/v1/users/me")
        return {
          status: 200,
          body: {
            response: {
              id: 41,
              email: "owner@example.com",
              business_memberships: [
                {
                  id: 5,
                  role: "owner",
                  business: { id: 77, name: options.businessName ?? "Ada's Practice", account_id: accountId },
                },
              ],
            },
          },
        };
      if (path.startsWith(prefix)) return accountingRoute(request, path.slice(prefix.length).split("/").map(decodeURIComponent));
      return notFound();
    },
    counts: () => ({ customers: clients.size, invoices: invoices.size, payments: payments.size }),
  };
  const controls = await startRestStandIn(routes, oauth);
  return { ...controls, accountId, oauth, clients, invoices, payments };
}
