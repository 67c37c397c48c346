import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
/** A desktop tool that hangs (a stuck X server, a permission prompt) must not hold a request. */
const TOOL_TIMEOUT_MS = 3000;
/** xprop needs one spawn per window: the first ones are enough to find a meeting. */
const MAX_XPROP_WINDOWS = 40;

export type TitleMethod = "wmctrl -l" | "xprop" | "osascript" | "tasklist /v /fo csv";
/** Whether window titles can be read here, and how, or why not: decided without reading them. */
export type TitleAbility = { available: true; method: TitleMethod } | { available: false; reason: string };
export type TitleListing = { available: true; method: TitleMethod; titles: string[] } | { available: false; reason: string };

function onPath(tool: string, env: NodeJS.ProcessEnv): boolean {
  const dirs = (env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const names = process.platform === "win32" ? [`${tool}.exe`, tool] : [tool];
  return dirs.some((dir) =>
    names.some((name) => {
      try {
        fs.accessSync(path.join(dir, name), fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

/**
 * How this server process could read window titles (docs/desktop-capture.md): on Linux only inside an X11
 * session (DISPLAY set) with wmctrl or xprop installed; on macOS through osascript (System Events,
 * which needs the Accessibility permission); on Windows through tasklist's verbose listing.
 */
export function windowTitleAbility(platform: string = process.platform, env: NodeJS.ProcessEnv = process.env): TitleAbility {
  if (platform === "linux") {
    if (!env.DISPLAY)
      return {
        available: false,
        reason: env.WAYLAND_DISPLAY
          ? "this is a Wayland session without X11 (DISPLAY is not set), and Wayland does not let other programs read window titles"
          : "the server runs without a graphical desktop (DISPLAY is not set)",
      };
    if (onPath("wmctrl", env)) return { available: true, method: "wmctrl -l" };
    if (onPath("xprop", env)) return { available: true, method: "xprop" };
    return {
      available: false,
      reason: "neither wmctrl nor xprop is installed (install wmctrl to let Minutely read window titles)",
    };
  }
  if (platform === "darwin") {
    if (onPath("osascript", env)) return { available: true, method: "osascript" };
    return { available: false, reason: "osascript is not available" };
  }
  if (platform === "win32") return { available: true, method: "tasklist /v /fo csv" };
  return { available: false, reason: `reading window titles is not supported on ${platform}` };
}

/** `wmctrl -l`: "0x01e00003  0 host Title with spaces" per window. */
export function parseWmctrl(output: string): string[] {
  return output
    .split("\n")
    .map((line) => line.match(/^0x[0-9a-f]+\s+-?\d+\s+\S+\s(.*)$/i)?.[1]?.trim() ?? "")
    .filter(Boolean);
}

/** `xprop -id … _NET_WM_NAME`: `_NET_WM_NAME(UTF8_STRING) = "Title"`. */
export function parseXpropName(output: string): string | null {
  const match = output.match(/=\s*"((?:[^"\\]|\\.)*)"/);
  return match?.[1] ? match[1].replace(/\\(.)/g, "$1") : null;
}

/** One CSV line of tasklist (every field quoted). */
function csvFields(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? "").replace(/""/g, '"'));
}

/** `tasklist /v /fo csv /nh`: the window title is the last field, "N/A" for windowless processes. */
export function parseTasklist(output: string): string[] {
  return output
    .split(/\r?\n/)
    .map((line) => csvFields(line).at(-1) ?? "")
    .filter((title) => title !== "" && title !== "N/A");
}

const MAC_SCRIPT = `set out to ""
tell application "System Events"
  repeat with p in (every process whose background only is false)
    repeat with w in (every window of p)
      set out to out & (name of w) & linefeed
    end repeat
  end repeat
end tell
return out`;

async function readTitles(method: TitleMethod): Promise<string[]> {
  const options = { timeout: TOOL_TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024, windowsHide: true };
  switch (method) {
    case "wmctrl -l":
      return parseWmctrl((await run("wmctrl", ["-l"], options)).stdout);
    case "xprop": {
      const root = (await run("xprop", ["-root", "_NET_CLIENT_LIST"], options)).stdout;
      const ids = (root.match(/0x[0-9a-f]+/gi) ?? []).slice(0, MAX_XPROP_WINDOWS);
      const names = await Promise.all(
        ids.map((id) =>
          run("xprop", ["-id", id, "_NET_WM_NAME"], options).then(
            (r) => parseXpropName(r.stdout),
            () => null,
          ),
        ),
      );
      return names.filter((name): name is string => Boolean(name));
    }
    case "osascript":
      return (await run("osascript", ["-e", MAC_SCRIPT], options)).stdout
        .split("\n")
        .map((t) => t.trim())
        .filter(Boolean);
    case "tasklist /v /fo csv":
      return parseTasklist((await run("tasklist", ["/v", "/fo", "csv", "/nh"], options)).stdout);
  }
}

/** The titles of this computer's windows, or why they could not be read (never a guess). */
export async function listWindowTitles(ability: TitleAbility = windowTitleAbility()): Promise<TitleListing> {
  if (!ability.available) return ability;
  try {
    return { available: true, method: ability.method, titles: await readTitles(ability.method) };
  } catch (error) {
    const message = ((error as Error).message ?? "").split("\n")[0]?.slice(0, 200) || "unknown error";
    return { available: false, reason: `${ability.method} failed: ${message}` };
  }
}
