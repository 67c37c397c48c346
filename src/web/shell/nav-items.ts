import { can, type Permission } from "@core/permissions";
import { BarChart3, FileText, LayoutDashboard, type LucideIcon, Mail, Settings, Users } from "lucide-react";

export type NavItem = {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Other path prefixes that count as this section ("/client-log" belongs to Clients). */
  alsoActiveOn?: string[];
  /** What a role needs to see the item (core/permissions.ts). */
  permission: Permission;
};

/** The header items of the signed-in app: the product's five, and Analytics. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Dashboard", icon: LayoutDashboard, permission: "calls:read" },
  { href: "/clients", label: "Clients", icon: Users, alsoActiveOn: ["/client-log"], permission: "clients:read" },
  { href: "/invoices", label: "Invoices", icon: FileText, permission: "invoices:read" },
  { href: "/analytics", label: "Analytics", icon: BarChart3, permission: "analytics:read" },
  { href: "/emails", label: "Email Tracking", icon: Mail, permission: "calls:read" },
  { href: "/settings", label: "Settings", icon: Settings, permission: "account:use" },
];

/** The items a role may open (docs/team.md): a member sees no Invoices or Analytics. */
export function navItemsFor(role: string | undefined): readonly NavItem[] {
  return role ? NAV_ITEMS.filter((item) => can(role, item.permission)) : NAV_ITEMS;
}

function matches(prefix: string, location: string): boolean {
  return location === prefix || location.startsWith(`${prefix}/`);
}

/** Whether `item` is the current section; the dashboard only on "/" itself. */
export function isNavItemActive(item: NavItem, location: string): boolean {
  if (item.href === "/") return location === "/";
  return [item.href, ...(item.alsoActiveOn ?? [])].some((prefix) => matches(prefix, location));
}
