import { Menu } from "lucide-react";
import { Link, useLocation } from "wouter";
import { Button } from "@web/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@web/components/ui/dropdown-menu";
import { cn } from "@web/lib/utils";
import { useAuth } from "@web/hooks/use-auth";
import { isNavItemActive, navItemsFor } from "./nav-items";

/** The same five links folded into a menu on small screens. */
export function MobileNav({ className }: { className?: string }) {
  const [location] = useLocation();
  const { user } = useAuth();
  return (
    <nav aria-label="Main" className={className}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label="Open navigation menu">
            <Menu aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-56">
          {navItemsFor(user?.role).map((item) => {
            const active = isNavItemActive(item, location);
            const Icon = item.icon;
            return (
              <DropdownMenuItem key={item.href} asChild>
                <Link
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  className={cn(active && "bg-accent font-semibold text-primary [&_svg]:!text-primary")}
                >
                  <Icon aria-hidden="true" />
                  {item.label}
                </Link>
              </DropdownMenuItem>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
    </nav>
  );
}
