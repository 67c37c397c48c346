import type { ReactNode } from "react";
import { Link } from "wouter";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";

/** The logo (home link) and the theme toggle: the header of the screens outside the app's layouts. */
export function FrameHeader() {
  return (
    <header className="flex items-center justify-between px-4 py-4 sm:px-6">
      <Link href="/" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Logo />
      </Link>
      <ThemeToggle />
    </header>
  );
}

/** A bare frame (logo, theme toggle, <main>) for screens shown outside any layout: 404, Access Denied. */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <FrameHeader />
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
    </div>
  );
}
