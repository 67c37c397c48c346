import type { ReactNode } from "react";
import { AnimatedBackground } from "./animated-background";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The frame of every marketing page: skip link, navigation, animated background, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200]"
      >
        Skip to content
      </a>
      <AnimatedBackground />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
