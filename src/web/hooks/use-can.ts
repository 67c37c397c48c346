import { can, type Permission } from "@core/permissions";
import { useAuth } from "./use-auth";

/**
 * Whether the signed-in person's role may do this, from core/permissions.ts: the same table the
 * server enforces. Screens hide what it refuses; the server's 403 stays the rule.
 */
export function useCan(permission: Permission): boolean {
  const { user } = useAuth();
  return user ? can(user.role, permission) : false;
}
