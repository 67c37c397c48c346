import psList from "ps-list";

/** The operating systems whose processes ps-list can list (`ps` on Linux and macOS, fastlist on Windows). */
export const PROCESS_LISTING_PLATFORMS: readonly string[] = ["linux", "darwin", "win32"];

export type ProcessListing = { available: true; names: string[] } | { available: false; reason: string };

/** The names of every process running on this computer, or why they could not be listed. */
export async function listProcessNames(platform: string = process.platform): Promise<ProcessListing> {
  if (!PROCESS_LISTING_PLATFORMS.includes(platform))
    return { available: false, reason: `listing processes is not supported on ${platform} (Linux, macOS and Windows are)` };
  try {
    const processes = await psList({ all: true });
    return { available: true, names: processes.map((p) => p.name) };
  } catch (error) {
    return { available: false, reason: `the process list could not be read: ${(error as Error).message}` };
  }
}
