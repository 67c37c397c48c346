import { readdir, readFile } from "node:fs/promises";

/** The operating systems whose processes can be listed (`/proc` on Linux; ps-list's `ps` on macOS, fastlist on Windows). */
export const PROCESS_LISTING_PLATFORMS: readonly string[] = ["linux", "darwin", "win32"];

export type ProcessListing = { available: true; names: string[] } | { available: false; reason: string };

/** The names of every process running on this computer, or why they could not be listed. */
export async function listProcessNames(platform: string = process.platform): Promise<ProcessListing> {
  if (!PROCESS_LISTING_PLATFORMS.includes(platform))
    return { available: false, reason: `listing processes is not supported on ${platform} (Linux, macOS and Windows are)` };
  try {
    if (platform === "linux") return { available: true, names: await linuxProcessNames() };
    // ps-list (ESM only) is imported here, on macOS and Windows only: Linux never loads it.
    const { default: psList } = await import("ps-list");
    const processes = await psList({ all: true });
    return { available: true, names: processes.map((p) => p.name) };
  } catch (error) {
    return { available: false, reason: `the process list could not be read: ${(error as Error).message}` };
  }
}

/**
 * Linux: each process's `comm` (the name `ps` shows, at most 15 characters) read from /proc with
 * asynchronous reads. ps-list spawns `ps` and checks executable paths with synchronous file calls;
 * forking a server holding the embedded database stalled the event loop 15–30 ms per look, which
 * was most of the status route's p99 (docs/performance.md). A process that ends between the
 * directory listing and the read is simply skipped.
 */
async function linuxProcessNames(): Promise<string[]> {
  const pids = (await readdir("/proc")).filter((entry) => /^\d+$/.test(entry));
  const names = await Promise.all(
    pids.map((pid) =>
      readFile(`/proc/${pid}/comm`, "utf8").then(
        (comm) => comm.trimEnd(),
        () => null,
      ),
    ),
  );
  return names.filter((name): name is string => name !== null && name !== "");
}
