import type { Db } from "../src/server/db/client.js";
import { accounts, users } from "../src/server/db/schema/index.js";

/** An account with one user, written straight to the database: what the calendar benches read feeds for. */
export async function insertBenchOwner(db: Db): Promise<{ accountId: number; userId: number }> {
  const [account] = await db.insert(accounts).values({}).returning();
  const [user] = await db
    .insert(users)
    .values({ accountId: account!.id, email: "me@firm.example", passwordHash: "x", firstName: "Bench", lastName: "Mark" })
    .returning();
  return { accountId: account!.id, userId: user!.id };
}
