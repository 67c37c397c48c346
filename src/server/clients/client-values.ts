import { type CreateClientRequest, DEFAULT_CLIENT_BILLING_TYPE, type UpdateClientRequest } from "../../core/contracts/clients.js";
import type { clients } from "../db/schema/index.js";
import type { ClientRow } from "./client-presenter.js";

type ClientInsert = typeof clients.$inferInsert;
type ClientChanges = Omit<Partial<ClientInsert>, "id" | "accountId" | "createdAt">;

/**
 * Request fields → column values. `phoneNumber` is an alias of `phone`. A billing type only
 * means something with the client's own rate: without a rate the client follows the account's
 * rate AND unit, so a "$4.00/min" default never turns into "$4.00/hour" (docs/decisions.md D6, D8).
 * A new client with a rate and no type bills by the hour.
 */
export function clientValues(input: CreateClientRequest | UpdateClientRequest, existing?: ClientRow): ClientChanges {
  const phone = input.phone !== undefined ? input.phone : input.phoneNumber;
  const values: ClientChanges = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.email !== undefined && { email: input.email }),
    ...(phone !== undefined && { phone }),
    ...(input.company !== undefined && { company: input.company }),
    ...(input.caseType !== undefined && { caseType: input.caseType }),
    ...(input.address !== undefined && { address: input.address }),
    ...(input.notes !== undefined && { notes: input.notes }),
    ...(input.minimumBillingMinutes !== undefined && { minimumBillingMinutes: input.minimumBillingMinutes }),
    ...(input.roundingIncrementMinutes !== undefined && { roundingIncrementMinutes: input.roundingIncrementMinutes }),
    ...(input.roundingScope !== undefined && { roundingScope: input.roundingScope }),
  };
  const rateCents = input.billingRate !== undefined ? input.billingRate : (existing?.billingRateCents ?? null);
  if (rateCents === null) {
    if (input.billingRate !== undefined || input.billingType !== undefined || !existing) {
      values.billingRateCents = null;
      values.billingType = null;
    }
    return values;
  }
  values.billingRateCents = rateCents;
  const kept = input.billingType === undefined ? existing?.billingType : null;
  values.billingType = input.billingType ?? kept ?? DEFAULT_CLIENT_BILLING_TYPE;
  return values;
}
