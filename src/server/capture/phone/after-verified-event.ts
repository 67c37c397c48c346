import type { Db } from "../../db/client.js";
import { markIntegrationEvent } from "../../integrations/integration-store.js";
import { detectTestCall } from "./call-test.js";
import { isMobileNumber, type PhoneContext } from "./phone-context.js";

/**
 * What every verified phone delivery proves, whatever it recorded: the landline's webhook works (its
 * status turns connected), the mobile works when its number took part, and an open call test of one of
 * these numbers has its answer. Never called for an unsigned, wrongly signed or stale delivery.
 */
export async function afterVerifiedEvent(
  db: Db,
  options: {
    context: PhoneContext;
    integrationId: number;
    numbers: string[];
    source: string;
    durationSeconds: number | null;
    now: Date;
  },
): Promise<void> {
  const { context, now } = options;
  await db.transaction(async (tx) => {
    await markIntegrationEvent(tx, options.integrationId, now);
    if (context.mobile?.enabled && options.numbers.some((n) => isMobileNumber(context, n)))
      await markIntegrationEvent(tx, context.mobile.id, now);
    await detectTestCall(tx, {
      accountId: context.accountId,
      numbers: options.numbers,
      source: options.source,
      durationSeconds: options.durationSeconds,
      at: now,
    });
  });
}
