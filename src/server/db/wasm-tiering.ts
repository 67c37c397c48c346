import v8 from "node:v8";

/**
 * How many bytes of WebAssembly a function runs in V8's baseline tier (Liftoff) before V8 compiles it again with
 * its optimizing tier (TurboFan) on background threads. V8's default, 1.8 million, tiered up hundreds of PGlite's
 * functions during a start (catalog reads, the migrations' check, the job queue's reads): on 2 cores, about 3 s of
 * CPU on the background threads beside the 2.5 s of the start itself, and 60-70 MB more resident memory at the first
 * answer (docs/performance.md, "Starts, 2026-11-29"). At 500 million only functions that stay hot for a while
 * (under steady traffic) are optimized.
 */
export const PGLITE_WASM_TIERING_BUDGET = 500_000_000;

/**
 * Sets the budget for every WebAssembly instance made after this call: call it before the first PGlite opens
 * (V8 reads it when a module is instantiated). Process-wide, so only the production entry points call it.
 */
export function tierUpPgliteLate(): void {
  v8.setFlagsFromString(`--wasm-tiering-budget=${PGLITE_WASM_TIERING_BUDGET}`);
}
