import { and, desc, eq, isNull } from "drizzle-orm";
import type { CreateApiTokenRequest } from "../../core/contracts/api-tokens.js";
import { AppError } from "../../core/errors.js";
import { isRoleWithin, ROLE_NAMES, type Role, rolesWithin } from "../../core/permissions.js";
import { newApiToken } from "../auth/tokens.js";
import type { Db } from "../db/client.js";
import { apiTokens } from "../db/schema/index.js";

export const API_TOKEN_NOT_FOUND = "API token not found";
const DAY_MS = 24 * 3600 * 1000;

/** The 403 of a token role above its creator's: names what the creator may choose instead. */
export function roleAboveCreatorMessage(creatorRole: Role): string {
  const allowed = rolesWithin(creatorRole)
    .map((role) => ROLE_NAMES[role])
    .join(", ");
  return `A token's role may hold only permissions your role (${ROLE_NAMES[creatorRole]}) has: choose ${allowed}`;
}

/**
 * Makes a token for the signed-in person: its role within theirs (core/permissions.ts isRoleWithin),
 * an expiry at most a year away. Answers the token itself once; only its SHA-256 is stored.
 */
export async function createApiToken(
  db: Db,
  options: { accountId: number; userId: number; creatorRole: Role; input: CreateApiTokenRequest; now: Date },
) {
  const { accountId, userId, creatorRole, input, now } = options;
  if (!isRoleWithin(input.role, creatorRole)) throw new AppError("forbidden", roleAboveCreatorMessage(creatorRole));
  const { token, tokenHash } = newApiToken();
  const [row] = await db
    .insert(apiTokens)
    .values({
      accountId,
      userId,
      name: input.name,
      role: input.role,
      tokenHash,
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("api token insert returned no row");
  return { row, token };
}

/** The person's own tokens not revoked, newest first (expired ones stay listed, marked, until revoked). */
export async function findApiTokens(db: Db, options: { accountId: number; userId: number }) {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.accountId, options.accountId), eq(apiTokens.userId, options.userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Revokes one of the person's own tokens; anyone else's id (or a revoked one) is a 404. */
export async function revokeApiToken(db: Db, options: { accountId: number; userId: number; tokenId: number; now: Date }) {
  const { accountId, userId, tokenId, now } = options;
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        eq(apiTokens.accountId, accountId),
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ id: apiTokens.id });
  if (revoked.length === 0) throw new AppError("not_found", API_TOKEN_NOT_FOUND);
}
