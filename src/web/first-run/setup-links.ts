import { type CaptureSourceId, settingsHref } from "@core/capture/source-status";

/**
 * The setup guide's links (docs/first-run.md): each opens the exact place to do a step, marked
 * `from=setup` so that place offers the way back (setup-return-banner.tsx) and, where a step ends
 * there (a client added or imported), comes back by itself.
 */
export const FROM_SETUP = "setup";
const SESSION_KEY = "minutely-setup-in-progress";

export const withFromSetup = (href: string) => `${href}${href.includes("?") ? "&" : "?"}from=${FROM_SETUP}`;

export const SETUP_HREFS = {
  addClient: withFromSetup("/clients?add=1"),
  importClients: withFromSetup("/clients?import=1"),
  source: (source: CaptureSourceId) => withFromSetup(settingsHref(source)),
} as const;

/** Remembers for this tab that the user left the guide for a step (a tab switch there drops the URL's mark). */
export function rememberSetupInProgress(inProgress: boolean): void {
  try {
    if (inProgress) window.sessionStorage.setItem(SESSION_KEY, "1");
    else window.sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage may be unavailable: the URL's mark alone then shows the way back.
  }
}

export function isSetupInProgress(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_KEY) === "1";
  } catch {
    return false;
  }
}
