import { StripeStandIn } from "./server.js";

/**
 * Every resource file registers its routes here (one line each), so a test gets the whole
 * stand-in with `await createStripeStandIn().start()`.
 */
const resources: ((standIn: StripeStandIn) => void)[] = [
  // registerCustomers, registerSubscriptions, … (one per resource file)
];

export function createStripeStandIn(options: { secretKey?: string } = {}): StripeStandIn {
  const standIn = new StripeStandIn(options);
  for (const register of resources) register(standIn);
  return standIn;
}

export { StripeStandIn };
