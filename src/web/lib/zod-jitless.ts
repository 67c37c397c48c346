import { config } from "zod/v4/core";

// Zod 4 probes `new Function("")` once to decide whether it may compile fast object parsers. Our
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') blocks it, and Chromium reports the
// blocked probe as a CSP issue even though zod catches it (Lighthouse best practices, issue 3).
// Jitless mode skips the probe; the forms' schemas are small, so the compiled parsers gain nothing.
// Imported first by main.tsx, before any schema is built (zod itself loads later, in lazy chunks).
config({ jitless: true });
