import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The production entry holds V8's optimizing compiler while the server starts and gives it back once it listens
 * (optimizing-compiler.ts). Checked in a process of its own (the flag is process-wide), with V8's own answer to
 * "is this function optimized?" (%GetOptimizationStatus, bit 16: optimized code is installed). Compiling is made
 * synchronous (--no-concurrent-recompilation) so that a function is optimized at the call that asks for it, not
 * whenever a background thread gets to it: the answer depends on the calls made, never on the machine's speed.
 */
const MODULE = fileURLToPath(new URL("./optimizing-compiler.ts", import.meta.url));

const PROBE = `
const optimized = new Function("f", "return (%GetOptimizationStatus(f) & 16) !== 0");
const neverOptimize = new Function("f", "%NeverOptimizeFunction(f)");
function hot(n) { let sum = 0; for (let i = 0; i < 50; i++) sum += n * i; return sum; }
// The caller stays unoptimized, so that hot is optimized on its own rather than inlined into it.
function callHot() { let total = 0; for (let i = 0; i < 20_000; i++) total += hot(i); return total; }
neverOptimize(callHot);
const { resumeOptimizingCompiler } = await import(${JSON.stringify(MODULE)});
for (let round = 0; round < 50; round++) callHot();
const whileHeld = optimized(hot);
resumeOptimizingCompiler();
let rounds = 0;
while (!optimized(hot) && rounds < 500) { callHot(); rounds++; }
console.log(JSON.stringify({ whileHeld, afterResume: optimized(hot) }));
`;

function probe(): { whileHeld: boolean; afterResume: boolean } {
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", "--allow-natives-syntax", "--no-concurrent-recompilation", "--input-type=module", "-e", PROBE],
    { encoding: "utf8" },
  );
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}");
}

describe("V8's optimizing compiler during a start", () => {
  it("optimizes no function, however hot, once the module is imported, and optimizes hot functions again after resume", () => {
    expect(probe()).toEqual({ whileHeld: false, afterResume: true });
  });
});
