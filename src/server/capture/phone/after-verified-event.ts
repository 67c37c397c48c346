import type { Db } from "../../db/client.js";
import { type IntegrationRow, markDelivered } from "../../integrations/integration-store.js";
import { detectTestCall } from "./call-test.js";
import { isMobileNumber, type PhoneContext } from "./phone-context.js";

/**
 * What every verified phone delivery proves, whatever it recorded: the landline's webhook works (its
 * status turns connected), the mobile works when its number took part, and an open call test of one of
 * these numbers has its answer. Never called for an unsigned, wrongly signed or stale delivery.
 * `integration` is the URL's row as this delivery read it: "last event received" is kept to the second
 * (integrations/integration-store.ts markDelivered), so a steady stream writes it once a second. Each write is a
 * fact of its own, made whether or not the others were: no transaction around them.
 */
export async function afterVerifiedEvent(
  db: Db,
  options: {
    context: PhoneContext;
    integration: IntegrationRow;
    numbers: string[];
    source: string;
    durationSeconds: number | null;
    now: Date;
  },
): Promise<void> {
  const { context, now } = options;
  await markDelivered(db, options.integration, now);
  if (context.mobile?.enabled && options.numbers.some((n) => isMobileNumber(context, n)))
    await markDelivered(db, context.mobile, now);
  await detectTestCall(db, {
    accountId: context.accountId,
    numbers: options.numbers,
    source: options.source,
    durationSeconds: options.durationSeconds,
    at: now,
  });
}
