import { eq, inArray, sql } from "drizzle-orm";
import { AppError } from "../../../core/errors.js";
import { isAdministrator } from "../../admin/is-administrator.js";
import type { UserRow } from "../../auth/sessions.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { accounts, users } from "../../db/schema/index.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";

/**
 * Who may look at this computer and track meetings on it (docs/desktop-capture.md
 * "Who may use it"). The computer that serves the app belongs to its operator: its hostname, system and
 * running apps are the operator's business, and a meeting on it is the operator's meeting. So, by
 * PLATFORM_DETECTION:
 * - "admins" (default): administrators (admin/is-administrator.ts, the one rule), and the one account
 *   of a single-account install (there the server is that user's own computer);
 * - "all": every signed-in account (an operator's choice, e.g. one firm sharing one desktop);
 * - "off": nobody.
 */
export const DETECTION_OFF =
  "Platform detection is off on this server: it inspects the server's own computer. An operator can turn it on by setting PLATFORM_DETECTION=admins (administrators) or PLATFORM_DETECTION=all (every account).";
export const DETECTION_ADMINS_ONLY =
  "Platform detection is for this server's administrators: it inspects the server's own computer, which belongs to its operator. An operator can open it to every account by setting PLATFORM_DETECTION=all.";

type Policy = Config["platformDetection"];
type UserFields = Pick<UserRow, "email" | "isAdmin" | "emailVerifiedAt">;

/** True when this install has exactly one account (a single-user install: the server is its own computer). */
async function isSingleAccountInstall(db: Db): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(accounts).limit(2);
  return rows.length === 1;
}

/** Why `user` may not use platform detection, or null when they may. */
export async function detectionRefusal(
  db: Db,
  config: Pick<Config, "platformDetection" | "adminEmails">,
  user: UserFields,
): Promise<string | null> {
  const policy: Policy = config.platformDetection;
  if (policy === "off") return DETECTION_OFF;
  if (policy === "all") return null;
  if (isAdministrator(user, config.adminEmails)) return null;
  return (await isSingleAccountInstall(db)) ? null : DETECTION_ADMINS_ONLY;
}

/** Throws 403 with the reason unless `user` may use platform detection. */
export async function requireDetectionAccess(
  db: Db,
  config: Pick<Config, "platformDetection" | "adminEmails">,
  user: UserFields,
): Promise<void> {
  const refusal = await detectionRefusal(db, config, user);
  if (refusal) throw new AppError("forbidden", refusal);
}

/**
 * The tracking rows the watcher may act on under the current policy: none when off; under "admins"
 * only rows whose user is (still) an administrator, unless this is a single-account install. A row
 * switched on before the policy (or a revoked administrator) records nothing more.
 */
export async function permittedTrackingRows(
  db: Db,
  config: Pick<Config, "platformDetection" | "adminEmails">,
  rows: IntegrationRow[],
): Promise<IntegrationRow[]> {
  if (config.platformDetection === "off" || rows.length === 0) return [];
  if (config.platformDetection === "all") return rows;
  if (await isSingleAccountInstall(db)) return rows;
  const userIds = rows.map((row) => row.userId).filter((id): id is number => id !== null);
  if (userIds.length === 0) return [];
  const owners = await db
    .select({ id: users.id, email: users.email, isAdmin: users.isAdmin, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(userIds.length === 1 ? eq(users.id, userIds[0]!) : inArray(users.id, userIds));
  const admins = new Set(owners.filter((owner) => isAdministrator(owner, config.adminEmails)).map((owner) => owner.id));
  return rows.filter((row) => row.userId !== null && admins.has(row.userId));
}
