import { randomBytes } from "node:crypto";
import type { SessionUser } from "../../src/core/contracts/auth.js";
import type { ApiClient } from "./api-client.js";

export type NewAccount = { email: string; password: string; firstName: string; lastName: string; user: SessionUser };

type SignUpFields = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  plan: string;
  billingCycle: string;
  timezone: string;
};

/** A valid create-subscription body (a fresh email unless given), for tests that send it themselves. */
export function signUpInput<T extends Record<string, unknown> = Partial<SignUpFields>>(overrides?: T): SignUpFields & T {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `user-${randomBytes(5).toString("hex")}@example.test`,
    password: "correct horse",
    plan: "individual",
    billingCycle: "monthly",
    timezone: "UTC",
    ...(overrides as T),
  };
}

/** Signs a client up through the real three-step API (create-subscription, complete-registration) and leaves it signed in. */
export async function signUp(client: ApiClient, overrides: Partial<SignUpFields> = {}): Promise<NewAccount> {
  const input = signUpInput(overrides);
  const started = await client.post("/api/auth/create-subscription", input);
  if (started.status !== 200) throw new Error(`create-subscription failed: ${started.status} ${started.text}`);
  const completed = await client.post<SessionUser>("/api/auth/complete-registration");
  if (completed.status !== 201) throw new Error(`complete-registration failed: ${completed.status} ${completed.text}`);
  return {
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    user: completed.body,
  };
}
