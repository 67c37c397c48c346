import type { ApiToken } from "../../core/contracts/api-tokens.js";
import type { Role } from "../../core/permissions.js";
import type { apiTokens } from "../db/schema/index.js";

/** An api_tokens row as Settings → API shows it: never the hash. */
export function presentApiToken(row: typeof apiTokens.$inferSelect, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    role: row.role as Role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expired: row.expiresAt <= now,
  };
}
