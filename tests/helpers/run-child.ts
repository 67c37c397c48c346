import { spawn } from "node:child_process";

export type ChildResult = { status: number | null; stdout: string; stderr: string };

/**
 * Runs a program to its end without holding the test worker: `spawnSync` blocked the worker's event loop until the
 * child ended, so a test's budget could not fire while it ran (a hung child hung the run) and a child that merely ran
 * long on a loaded machine failed only afterwards, on the clock. Here the budget fires on time, and `signal` (the test
 * context's, aborted when the budget runs out) ends the child and its own children with SIGKILL. The budget stays a
 * safety net.
 */
export function runChild(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; signal: AbortSignal },
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    // A process group of its own, so that the whole of it ends (`npx tsx …` is npx, then tsx, then node).
    const child = spawn(command, args, { env: options.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const end = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    options.signal.addEventListener("abort", end, { once: true });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (status) => {
      options.signal.removeEventListener("abort", end);
      resolve({ status, stdout, stderr });
    });
  });
}
