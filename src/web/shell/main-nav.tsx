import { Link, useLocation } from "wouter";
import { cn } from "@web/lib/utils";
import { useAuth } from "@web/hooks/use-auth";
import { isNavItemActive, navItemsFor } from "./nav-items";

/** The header's section links on wide screens; the current one is marked aria-current="page". */
export function MainNav({ className }: { className?: string }) {
  const [location] = useLocation();
  const { user } = useAuth();
  return (
    <nav aria-label="Main" className={className}>
      <ul className="flex items-center gap-1">
        {navItemsFor(user?.role).map((item) => {
          const active = isNavItemActive(item, location);
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  active ? "bg-accent text-primary" : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
