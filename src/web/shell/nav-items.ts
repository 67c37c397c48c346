import { BarChart3, FileText, LayoutDashboard, type LucideIcon, Mail, Settings, Users } from "lucide-react";

export type NavItem = {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Other path prefixes that count as this section ("/client-log" belongs to Clients). */
  alsoActiveOn?: string[];
};

/** The header items of the signed-in app: the product's five, and Analytics. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Dashboard", icon: LayoutDashboard },
  { href: "/clients", label: "Clients", icon: Users, alsoActiveOn: ["/client-log"] },
  { href: "/invoices", label: "Invoices", icon: FileText },
  { href: "/analytics", label: "Analytics", icon: BarChart3 },
  { href: "/emails", label: "Email Tracking", icon: Mail },
  { href: "/settings", label: "Settings", icon: Settings },
];

function matches(prefix: string, location: string): boolean {
  return location === prefix || location.startsWith(`${prefix}/`);
}

/** Whether `item` is the current section; the dashboard only on "/" itself. */
export function isNavItemActive(item: NavItem, location: string): boolean {
  if (item.href === "/") return location === "/";
  return [item.href, ...(item.alsoActiveOn ?? [])].some((prefix) => matches(prefix, location));
}
