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
 * Wave: OAuth on /oauth2/authorize/ and /oauth2/token/ (client credentials in the body) and the
 * public GraphQL endpoint /graphql/public. It is not a GraphQL server: it dispatches on the named
 * operation of each request (the provider names every operation), checks that the document asks
 * for the documented root field with variables, and answers the documented shapes — mutations with
 * didSucceed and inputErrors, a bad token with 401 and an UNAUTHENTICATED error. One business, with
 * one income and one cash account.
 */
type Row = Record<string, unknown> & { id: string };

export type WaveStandIn = AccountingStandInControls & {
  businessId: string;
  oauth: StandInOAuth;
  customers: Map<string, Row>;
  invoices: Map<string, Row>;
  payments: Map<string, Row>;
  products: Map<string, Row>;
};

const ROOT_FIELDS: Record<string, string> = {
  Businesses: "businesses(",
  Business: "business(",
  FindCustomers: "customers(",
  CreateCustomer: "customerCreate(",
  PatchCustomer: "customerPatch(",
  FindProducts: "products(",
  CreateProduct: "productCreate(",
  FindAccounts: "accounts(",
  FindInvoice: "invoices(",
  GetInvoice: "invoice(",
  CreateInvoice: "invoiceCreate(",
  PatchInvoice: "invoicePatch(",
  ApproveInvoice: "invoiceApprove(",
  CreatePayment: "invoicePaymentCreateManual(",
};

export async function startWaveStandIn(): Promise<WaveStandIn> {
  const businessId = "QnVzaW5lc3M6MQ==";
  const oauth = new StandInOAuth("wave-client-id", "wave-client-secret", "body");
  const customers = new Map<string, Row>();
  const invoices = new Map<string, Row>();
  const payments = new Map<string, Row>();
  const products = new Map<string, Row>();
  const accounts: Row[] = [
    { id: "QWNjb3VudDo0MDA=", name: "Sales", subtype: "INCOME" },
    { id: "QWNjb3VudDoxMDA=", name: "Cash on Hand", subtype: "CASH_AND_BANK" },
  ];
  const nextId = sequence(5000);

  const page = <T>(rows: T[]) => ({ pageInfo: { currentPage: 1, totalPages: 1 }, edges: rows.map((node) => ({ node })) });
  const data = (value: unknown): Answer => ({ status: 200, body: { data: value } });
  const result = (field: string, value: Record<string, unknown>): Answer =>
    data({ [field]: { didSucceed: true, inputErrors: [], ...value } });
  const refused = (field: string, path: string, message: string): Answer =>
    data({ [field]: { didSucceed: false, inputErrors: [{ path: ["input", path], message, code: "INVALID" }] } });

  const checkInvoice = (field: string, input: Record<string, unknown>, selfId?: string): Answer | null => {
    if (!customers.has(String(input.customerId))) return refused(field, "customerId", "Customer not found.");
    const items = input.items as { productId?: string; unitPrice?: string }[] | undefined;
    if (!items?.length || items.some((item) => !products.has(String(item.productId))))
      return refused(field, "items", "Each item needs a product.");
    if ([...invoices.values()].some((row) => row.invoiceNumber === input.invoiceNumber && row.id !== selfId))
      return refused(field, "invoiceNumber", "Invoice number is already in use.");
    return null;
  };

  const graphql = (request: StandInRequest): Answer => {
    const body = (request.json ?? {}) as { query?: string; variables?: Record<string, unknown>; operationName?: string };
    const operation = body.operationName ?? "";
    const root = ROOT_FIELDS[operation];
    if (!root || !body.query?.includes(root))
      return {
        status: 400,
        body: { errors: [{ message: `Unknown operation ${operation}.`, extensions: { code: "GRAPHQL_VALIDATION_FAILED" } }] },
      };
    const variables = body.variables ?? {};
    const input = (variables.input ?? {}) as Record<string, unknown>;
    if (variables.businessId !== undefined && variables.businessId !== businessId) return data({ business: null });
    switch (operation) {
      case "Businesses":
        return data({ businesses: page([{ id: businessId, name: "Ada's Studio", isPersonal: false }]) });
      case "Business":
        return data({ business: { id: businessId, name: "Ada's Studio", currency: { code: "USD" } } });
      case "FindCustomers":
        return data({
          business: {
            customers: page([...customers.values()].filter((row) => variables.email == null || row.email === variables.email)),
          },
        });
      case "CreateCustomer": {
        if (!input.name) return refused("customerCreate", "name", "Name is required.");
        const customer = { ...input, id: nextId() };
        customers.set(customer.id, customer);
        return result("customerCreate", { customer });
      }
      case "PatchCustomer": {
        const customer = customers.get(String(input.id));
        if (!customer) return refused("customerPatch", "id", "Customer not found.");
        Object.assign(customer, input);
        return result("customerPatch", { customer });
      }
      case "FindProducts":
        return data({ business: { products: page([...products.values()]) } });
      case "CreateProduct": {
        if (!accounts.some((account) => account.id === input.incomeAccountId && account.subtype === "INCOME"))
          return refused("productCreate", "incomeAccountId", "A sold product needs an income account.");
        const product = { ...input, id: nextId() };
        products.set(product.id, product);
        return result("productCreate", { product });
      }
      case "FindAccounts": {
        const subtypes = (variables.subtypes as string[] | undefined) ?? [];
        return data({
          business: {
            accounts: page(accounts.filter((account) => subtypes.length === 0 || subtypes.includes(String(account.subtype)))),
          },
        });
      }
      case "FindInvoice":
        return data({
          business: { invoices: page([...invoices.values()].filter((row) => row.invoiceNumber === variables.invoiceNumber)) },
        });
      case "GetInvoice":
        return data({ business: { invoice: invoices.get(String(variables.invoiceId)) ?? null } });
      case "CreateInvoice": {
        const problem = checkInvoice("invoiceCreate", input);
        if (problem) return problem;
        const invoice = { ...input, id: nextId(), status: "DRAFT", amountPaid: { value: "0.00" } };
        invoices.set(invoice.id, invoice);
        return result("invoiceCreate", { invoice });
      }
      case "PatchInvoice": {
        const invoice = invoices.get(String(input.id));
        if (!invoice) return refused("invoicePatch", "id", "Invoice not found.");
        const problem = checkInvoice("invoicePatch", { ...invoice, ...input }, invoice.id);
        if (problem) return problem;
        Object.assign(invoice, input);
        return result("invoicePatch", { invoice });
      }
      case "ApproveInvoice": {
        const invoice = invoices.get(String(input.invoiceId));
        if (!invoice) return refused("invoiceApprove", "invoiceId", "Invoice not found.");
        if (invoice.status !== "DRAFT") return refused("invoiceApprove", "invoiceId", "Only a draft invoice can be approved.");
        invoice.status = "SAVED";
        return result("invoiceApprove", { invoice });
      }
      case "CreatePayment": {
        const invoice = invoices.get(String(input.invoiceId));
        if (!invoice) return refused("invoicePaymentCreateManual", "invoiceId", "Invoice not found.");
        if (!accounts.some((account) => account.id === input.paymentAccountId && account.subtype === "CASH_AND_BANK"))
          return refused("invoicePaymentCreateManual", "paymentAccountId", "Payments go to a cash or bank account.");
        if (invoice.status === "DRAFT")
          return refused("invoicePaymentCreateManual", "invoiceId", "A draft invoice cannot be paid.");
        const payment = { ...input, id: nextId() };
        payments.set(payment.id, payment);
        const paid = Number((invoice.amountPaid as { value: string }).value) + Number(input.amount);
        invoice.amountPaid = { value: paid.toFixed(2) };
        invoice.status = "PAID";
        return result("invoicePaymentCreateManual", { invoicePayment: payment });
      }
    }
    return { status: 400, body: { errors: [{ message: "Unsupported." }] } };
  };

  const unauthorized = (): Answer => ({
    status: 401,
    body: { errors: [{ message: "Unauthorized.", extensions: { code: "UNAUTHENTICATED" } }] },
  });

  const routes: ProviderRoutes = {
    isApi: (path) => path === "/graphql/public",
    failureTarget: (request) =>
      `${request.url.pathname}#${(request.json as { operationName?: string } | null)?.operationName ?? ""}`,
    unauthorized,
    authenticate: (request, auth) => (auth.isLive(bearerOf(request)) ? null : unauthorized()),
    route(request, auth) {
      const path = request.url.pathname;
      if (request.method === "POST" && path === "/oauth2/token/") return auth.token(request);
      if (request.method === "POST" && path === "/graphql/public") return graphql(request);
      return { status: 404, body: { errors: [{ message: "Not found." }] } };
    },
    counts: () => ({ customers: customers.size, invoices: invoices.size, payments: payments.size }),
  };
  const controls = await startRestStandIn(routes, oauth);
  return { ...controls, businessId, oauth, customers, invoices, payments, products };
}
