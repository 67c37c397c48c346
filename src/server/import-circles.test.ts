import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 24's "done when": no two files of `src/server` import each other, directly or around a loop
 * (the job registry and auth/session-cache ↔ auth/sessions were such loops). Every relative
 * `import … from` and `export … from` counts, type-only ones too: a loop of types is still a loop a reader
 * has to hold in their head. A loop found here names its files; break it by moving what both need to a
 * module that imports neither (ARCHITECTURE.md).
 */
const SERVER = dirname(fileURLToPath(import.meta.url));
const IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+["'](\.[^"']+)["']/gms;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each file's imports of other files of the folder. */
function importGraph(folder: string): Map<string, string[]> {
  const files = new Set(sourceFiles(folder));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const base = resolve(dirname(file), specifier!.replace(/\.js$/, ".ts"));
      const target = [base, base.replace(/\.ts$/, ".tsx"), join(base, "index.ts")].find((candidate) => files.has(candidate));
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The groups of files that reach each other (Tarjan's strongly connected components of two or more, or a self-import). */
function importCircles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, order.get(target)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)!.includes(file)) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles;
}

describe("src/server's imports", () => {
  it("finds a loop when there is one (the check can fail)", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(importCircles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("have no circle", () => {
    const graph = importGraph(SERVER);
    expect(graph.size).toBeGreaterThan(100);
    const circles = importCircles(graph).map((group) => group.map((file) => relative(SERVER, file)));
    expect(circles).toEqual([]);
  });
});
