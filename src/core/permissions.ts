/**
 * Roles and the one permission table of the Team plan (docs/team.md). The server's one
 * preHandler (server/auth/require-permission.ts) checks every route's declared permission here; the
 * web reads the same table to hide what a role cannot do. Change a role's rights here and nowhere else.
 */
export const ROLES = ["owner", "admin", "member", "billing"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** Signed in to the practice: one's own session, profile, notifications and mail proof. */
  "account:use",
  /** Captured work (calls, emails, timers, calendar proposals), the dashboard, the live stream. */
  "calls:read",
  "calls:write",
  /** Everyone's work in the practice; without it a role sees and changes only its own (core/work-visibility.ts). */
  "work:read-all",
  "clients:read",
  "clients:write",
  /** Amounts: what work is worth before it is invoiced (period totals, pricing emails). */
  "rates:read",
  /** Billing rules: repricing captured work. */
  "rates:write",
  "invoices:read",
  "invoices:write",
  /** CSV, LEDES and accounting export files. */
  "exports:read",
  /** Capture and accounting connections: status, never a secret. */
  "integrations:read",
  /** Connect, test and disconnect one's OWN capture sources (Zoom, Teams, Meet, calendar feed, phone, desktop, mailbox). */
  "integrations:connect-own",
  /** The practice's connections (accounting: sync, reconcile) and every member's connections' status. */
  "integrations:manage",
  /** The practice's settings (billing defaults, invoice numbering, legal e-billing). */
  "settings:read",
  "settings:write",
  "analytics:read",
  "audit:read",
  "members:manage",
  /** The subscription: plan, card, Stripe's portal. */
  "billing:manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const everything = PERMISSIONS;

/** Role → what it may do. Owner: everything; admin: all but the subscription; see docs/team.md. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: everything,
  admin: everything.filter((permission) => permission !== "billing:manage"),
  member: ["account:use", "calls:read", "calls:write", "clients:read", "integrations:read", "integrations:connect-own"],
  billing: [
    "account:use",
    "calls:read",
    "work:read-all",
    "clients:read",
    "rates:read",
    "invoices:read",
    "invoices:write",
    "exports:read",
    "integrations:read",
    "settings:read",
    "analytics:read",
  ],
};

const granted = new Map<Role, ReadonlySet<Permission>>(ROLES.map((role) => [role, new Set(ROLE_PERMISSIONS[role])]));

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** May a role do this? An unknown role may do nothing. */
export function can(role: string, permission: Permission): boolean {
  return isRole(role) && (granted.get(role)?.has(permission) ?? false);
}

export const ROLE_NAMES: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member", billing: "Billing" };

/** What each role is for, in the words the Team page shows beside the role picker. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including the subscription.",
  admin: "Members, integrations, invoices and rates; not the subscription.",
  member: "Captures and sees calls and emails; sees clients; no rates, amounts or invoices.",
  billing: "Invoices and exports; no integrations or members.",
};

/**
 * May someone with `holder`'s role hand out `role` (an API token's role, docs/api.md)? Only if every
 * permission of `role` is one `holder` has: the roles are not a ladder (billing has rates and invoices a
 * member lacks; a member writes calls billing cannot), so "no higher" is a subset of permissions, not a rank.
 */
export function isRoleWithin(role: string, holder: string): boolean {
  return isRole(role) && isRole(holder) && ROLE_PERMISSIONS[role].every((permission) => can(holder, permission));
}

/** The roles `holder` may give a token, in the table's order. */
export function rolesWithin(holder: string): Role[] {
  return ROLES.filter((role) => isRoleWithin(role, holder));
}

/** The 403 sentence: names the role and what was missing, so the caller knows whom to ask. */
export function refusalMessage(role: string, permission: Permission): string {
  const name = isRole(role) ? ROLE_NAMES[role] : role;
  return `Your role (${name}) does not allow this (it needs ${permission}). Ask an owner or admin of your practice.`;
}
