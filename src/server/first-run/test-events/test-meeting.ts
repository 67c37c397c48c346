import { randomBytes } from "node:crypto";
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clients } from "../../db/schema/index.js";

/** A test call lasts this long and ends when the test is sent. */
export const TEST_CALL_SECONDS = 30 * 60;
export const TEST_TOPIC = "Minutely test meeting";

/** The other party of a test call: the account's first client with an email (video) or a number (phone). */
export type TestGuest = { name: string; email: string | null; phone: string | null };

/** Who the test call is with: the oldest client that can be matched, else an unknown guest (the call is then "Unknown Client"). */
export async function findTestGuest(db: Db, accountId: number, by: "email" | "phone"): Promise<TestGuest> {
  const column = by === "email" ? clients.email : clients.phone;
  const [client] = await db
    .select({ name: clients.name, email: clients.email, phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.accountId, accountId), isNull(clients.archivedAt), isNotNull(column)))
    .orderBy(asc(clients.id))
    .limit(1);
  return client ?? { name: "Test guest", email: null, phone: null };
}

/** The test call's times (whole seconds, ending now) and a fresh id no provider would use. */
export function testMeetingTimes(now: Date): { start: Date; end: Date; id: string } {
  const end = new Date(Math.floor(now.getTime() / 1000) * 1000);
  return {
    start: new Date(end.getTime() - TEST_CALL_SECONDS * 1000),
    end,
    id: `minutely-test-${randomBytes(12).toString("hex")}`,
  };
}
