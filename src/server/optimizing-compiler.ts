import v8 from "node:v8";

/**
 * V8's optimizing compiler (TurboFan) held back while the production server starts. A start runs a great deal
 * of code once (the bundle's top level, zod's contracts turned into JSON Schema, Fastify's routes, PGlite's
 * catalogue reads): TurboFan compiled its hottest functions on background threads that competed with the start
 * itself for the machine's 2 cores, and most of them never ran again (docs/performance.md, "TurboFan held back
 * while the server starts").
 *
 * Importing this module holds it back: main.ts imports it before anything else, so the bundle's first statement
 * is this one (`npm start` holds it earlier still, in scripts/start.mjs, before the bundle's packages load).
 * `resumeOptimizingCompiler` gives it back once the server listens; from then on hot functions are optimized as
 * before. Process-wide, so only the production entry imports it: tests build their apps without it.
 */
v8.setFlagsFromString("--no-turbofan");

/** V8 reads the flag at each tier-up decision: from here on it optimizes hot functions again. */
export function resumeOptimizingCompiler(): void {
  v8.setFlagsFromString("--turbofan");
}
