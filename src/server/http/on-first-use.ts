import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A provider SDK (Stripe, Twilio, Xero, QuickBooks, Google, Microsoft, IMAP, SMTP, PDF, iCalendar)
 * loaded the first time the code that needs it runs, not when the server starts: an install that
 * configured none of those integrations never holds them (together about 80 MB of resident memory
 * and a second of start-up; docs/performance.md). The loader is synchronous (`require`;
 * every one of these packages ships CommonJS), so the functions that use an SDK keep their
 * signatures; the module's types come from `import type` at the call site. Memoised: one load per process.
 */
export function onFirstUse<Sdk>(packageName: string): () => Sdk {
  let sdk: Sdk | undefined;
  return () => {
    sdk ??= require(packageName) as Sdk;
    return sdk;
  };
}
