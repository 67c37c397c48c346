import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";

/**
 * Grants or revokes administrator rights by email (case-insensitive, as users sign in).
 * Returns the user's stored email, or null when nobody has that address yet.
 */
export async function setAdministrator(db: Db, options: { email: string; isAdmin: boolean; now: Date }): Promise<string | null> {
  const email = options.email.trim().toLowerCase();
  const [row] = await db
    .update(users)
    .set({ isAdmin: options.isAdmin, updatedAt: options.now })
    .where(eq(sql`lower(${users.email})`, email))
    .returning({ email: users.email });
  return row?.email ?? null;
}

/** Every user with the stored flag (ADMIN_EMAILS come on top of these). */
export async function findAdministrators(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true)).orderBy(users.email);
  return rows.map((row) => row.email);
}
