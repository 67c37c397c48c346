import type { SessionUser } from "@core/contracts/auth";
import { rateLabel } from "@web/clients/client-rate";
import { Building2, Calculator, ChevronRight, CreditCard, MonitorSmartphone, Phone, Receipt, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { capitalize } from "@web/lib/format";

type Row = { href: string; icon: ReactNode; label: string; value: string };

/** Account Overview: each row links to where it is changed. */
export function AccountOverview({ user }: { user: SessionUser }) {
  const rate = rateLabel(user.defaultBillingRate, user.billingType ?? "minute", user.currency);
  const rows: Row[] = [
    // A member who does not see rates gets none from the server: the row goes (issue 26 §2).
    ...(user.defaultBillingRate === undefined
      ? []
      : [{ href: "/settings", icon: <Receipt />, label: "Default Billing Rate", value: rate }]),
    {
      href: "/settings",
      icon: <UserRound />,
      label: "Profession",
      value: user.profession ? capitalize(user.profession) : "Not set",
    },
    { href: "/settings", icon: <Building2 />, label: "Company", value: user.firmName || "Not set" },
    { href: "/phone-integration", icon: <Phone />, label: "Phone Integration", value: "Automatic call detection" },
    { href: "/payments", icon: <CreditCard />, label: "Payment Processing", value: "Card payments" },
    { href: "/platform-detection", icon: <MonitorSmartphone />, label: "Platform Detection", value: "Video and phone apps" },
    {
      href: "/financial-integrations",
      icon: <Calculator />,
      label: "Financial Integrations",
      value: "Connect accounting software",
    },
  ];
  return (
    <Card aria-labelledby="account-overview-title">
      <CardHeader>
        <CardTitle as="h2" id="account-overview-title">
          Account Overview
        </CardTitle>
        <CardDescription>Your defaults and connections.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {rows.map((row) => (
            <li key={row.label}>
              <Link
                href={row.href}
                className="flex items-center gap-3 rounded-md px-2 py-3 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="text-muted-foreground [&>svg]:size-4" aria-hidden="true">
                  {row.icon}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium">{row.label}</span>
                  <span className="block truncate text-sm text-muted-foreground tabular-nums">{row.value}</span>
                </span>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
