import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { Logo } from "@web/components/logo";
import { ThemeToggle } from "@web/components/theme-toggle";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/utils";
import { PUBLIC_NAV_LINKS } from "./nav-links";

const MENU_ID = "public-site-menu";

function NavLink({
  href,
  label,
  current,
  className,
  onClick,
}: {
  href: string;
  label: string;
  current: boolean;
  className?: string;
  onClick?: () => void;
}) {
  return (
    <Link
      href={href}
      onClick={onClick}
      aria-current={current ? "page" : undefined}
      className={cn(
        "inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring",
        current ? "bg-accent text-primary" : "text-muted-foreground",
        className,
      )}
    >
      {label}
    </Link>
  );
}

/**
 * Top navigation of the marketing pages: Home, Features, Pricing, Company with the
 * current page marked (aria-current), Sign In and Join Waitlist. Below the md breakpoint it folds
 * into a disclosure menu that also offers Get Started; Escape closes it and returns focus.
 */
export function SiteHeader() {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Also on a link to the page already shown, where the location does not change.
  const closeMenu = () => setOpen(false);

  useEffect(() => {
    void location;
    setOpen(false);
  }, [location]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link href="/" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label="Minutely home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {PUBLIC_NAV_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink href={link.href} label={link.label} current={location === link.href} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            <Button asChild variant="ghost" size="sm">
              <Link href="/auth">Sign In</Link>
            </Button>
            <Button asChild size="sm">
              <Link href="/waitlist">Join Waitlist</Link>
            </Button>
          </div>
          <Button
            ref={buttonRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={open}
            aria-controls={MENU_ID}
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {open ? (
        <nav id={MENU_ID} aria-label="Menu" className="border-t bg-background px-4 pt-2 pb-4 md:hidden">
          <ul className="grid gap-1">
            {PUBLIC_NAV_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink
                  href={link.href}
                  label={link.label}
                  current={location === link.href}
                  className="flex h-11 w-full text-base"
                  onClick={closeMenu}
                />
              </li>
            ))}
          </ul>
          <div className="mt-3 grid gap-2 border-t pt-3">
            <Button asChild variant="outline">
              <Link href="/auth" onClick={closeMenu}>
                Sign In
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link href="/waitlist" onClick={closeMenu}>
                Join Waitlist
              </Link>
            </Button>
            <Button asChild>
              <Link href="/auth" onClick={closeMenu}>
                Get Started
              </Link>
            </Button>
          </div>
        </nav>
      ) : null}
    </header>
  );
}
