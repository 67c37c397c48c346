import { checkAttached } from "./payment-methods.js";
import { missing, ok, type StripeObject, type StripeStandIn } from "./server.js";

/** Customers: create (email, name, metadata), retrieve, update (incl. invoice_settings.default_payment_method). */
export function registerCustomers(standIn: StripeStandIn): void {
  standIn.on("POST", "/v1/customers", (request, s) => {
    const body = request.body as { email?: string; name?: string; metadata?: Record<string, string> };
    const customer: StripeObject = s.put({
      id: s.newId("cus"),
      object: "customer",
      created: s.now(),
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
      invoice_settings: { default_payment_method: null },
      livemode: false,
    });
    return ok(customer);
  });
  standIn.on("GET", "/v1/customers/:id", (request, s) => {
    const customer = s.get(request.params.id!);
    return customer?.object === "customer" ? ok(customer) : missing(request.params.id!);
  });
  standIn.on("POST", "/v1/customers/:id", (request, s) => {
    const customer = s.get(request.params.id!);
    if (customer?.object !== "customer") return missing(request.params.id!);
    const body = request.body as Record<string, unknown> & { invoice_settings?: { default_payment_method?: string } };
    const defaultMethod = body.invoice_settings?.default_payment_method;
    if (defaultMethod) {
      const refused = checkAttached(s, customer.id, defaultMethod, "invoice_settings[default_payment_method]");
      if (refused) return refused;
      customer.invoice_settings = { ...(customer.invoice_settings as object), default_payment_method: defaultMethod };
    }
    for (const key of ["email", "name", "metadata"]) if (key in body) customer[key] = body[key];
    return ok(customer);
  });
}
