// Zod 4 probes `new Function("")` once to decide whether it may compile fast object parsers. Our
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') blocks it, and Chromium reports the
// blocked probe as a CSP issue even though zod catches it (Lighthouse best practices).
// Jitless mode skips the probe; the forms' schemas are small, so the compiled parsers gain nothing.
//
// Zod keeps its global configuration in `globalThis.__zod_globalConfig` and adopts an existing one,
// so this sets it without importing zod: zod stays out of the entry chunk (it loads later, in the
// lazy chunks of pages with forms). Imported first by main.tsx, before any schema is built.
// zod-jitless.test.ts checks that zod sees the setting.
type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };
const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
