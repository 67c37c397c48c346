import { and, eq } from "drizzle-orm";
import { notFound } from "../../core/errors.js";
import type { AuthContext } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";
import { type WorkScope, workScope } from "./work-scope.js";

/**
 * The scope of a request that may narrow to one member (`?userId=`, the dashboard's "mine"): a narrowing only,
 * never a widening. A member is always held to their own work, so asking for anyone else's is the same 404 as a
 * user of another practice ("Member not found"); owner, admin and billing may pick any member of their practice,
 * removed ones included (their work stays with the practice).
 */
export async function narrowedScope(
  db: Db,
  auth: AuthContext,
  filter: { userId?: number | undefined; view?: "mine" | "team" | undefined },
): Promise<WorkScope> {
  const scope = workScope(auth);
  const wanted = filter.view === "mine" ? auth.userId : filter.userId;
  if (wanted === undefined) return scope;
  if (scope.ownerId !== null) {
    if (wanted !== scope.ownerId) throw notFound("Member");
    return scope;
  }
  if (wanted !== auth.userId) {
    const [member] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.accountId, auth.accountId), eq(users.id, wanted)))
      .limit(1);
    if (!member) throw notFound("Member");
  }
  return { ...scope, ownerId: wanted };
}
