import { Link } from "wouter";
import { Logo } from "@web/components/logo";
import { PUBLIC_NAV_LINKS, SUPPORT_EMAIL } from "./nav-links";

const linkClass =
  "rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring";

/** Footer of the marketing pages: the same links as the header, the waitlist and the support address. */
export function SiteFooter() {
  return (
    <footer className="border-t bg-background/80">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="max-w-sm text-sm text-muted-foreground">
            Track billable time with precision and generate professional invoices effortlessly.
          </p>
        </div>
        <nav aria-label="Footer" className="grid content-start gap-2 text-sm">
          <h2 className="font-semibold">Product</h2>
          <ul className="grid gap-2">
            {PUBLIC_NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid content-start gap-2 text-sm">
          <h2 className="font-semibold">Get in touch</h2>
          <ul className="grid gap-2">
            <li>
              <Link href="/waitlist" className={linkClass}>
                Join the waitlist
              </Link>
            </li>
            <li>
              <Link href="/coming-soon" className={linkClass}>
                What's coming
              </Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                {SUPPORT_EMAIL}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t py-4 text-center text-xs text-muted-foreground">© {new Date().getFullYear()} Minutely. All rights reserved.</p>
    </footer>
  );
}
