import os from "node:os";
import type { InspectedComputer } from "../../../core/contracts/platform-detection.js";
import { type ComputerObservation, MEET_NEEDS_TITLES, windowTitlesNotInspected } from "../../../core/capture/desktop/rules.js";
import { listProcessNames } from "./process-list.js";
import { listWindowTitles } from "./window-titles.js";

/** One look at this computer: what the rules read, when, and what could not be looked at. */
export type Observation = ComputerObservation & {
  at: Date;
  computer: InspectedComputer;
  /** False when the process list could not be read: nothing may be concluded from an empty list then. */
  processesInspected: boolean;
  /** Sentences for the answer's `notInspected`. */
  notInspected: string[];
};

/** The computer this server runs on, the one every answer describes (docs/decisions.md D13). */
export function thisComputer(): InspectedComputer {
  return { hostname: os.hostname() };
}

async function look(now: Date): Promise<Observation> {
  const [processes, titles] = await Promise.all([listProcessNames(), listWindowTitles()]);
  const notInspected: string[] = [];
  if (!processes.available) notInspected.push(`processes could not be inspected: ${processes.reason}`);
  if (!titles.available) notInspected.push(windowTitlesNotInspected(titles.reason), MEET_NEEDS_TITLES);
  return {
    processNames: processes.available ? processes.names : [],
    windowTitles: titles.available ? titles.titles : null,
    at: now,
    computer: thisComputer(),
    processesInspected: processes.available,
    notInspected,
  };
}

/**
 * A short-lived shared look: the page polls /status every 10 s per open tab, and one look spawns
 * `ps` (100–250 ms on a busy machine, and the fork stalls the event loop for tens of ms), while it
 * describes this one computer, the same for every account. So a look younger than `freshMs` (2 s) is
 * answered as it is; one younger than `staleMs` (10 s) is answered at once while a new look is taken
 * in the background (its `checkedAt` says how old it is); an older one, or none, is waited for.
 * Concurrent callers share the look in flight; a failed look is not kept.
 */
export type LookAge = { freshMs: number; staleMs: number };
export const SHARED_LOOK: LookAge = { freshMs: 2000, staleMs: 10_000 };
/** The meeting watcher's: always a new look, timed to this run. */
export const NEW_LOOK: LookAge = { freshMs: 0, staleMs: 0 };

let settled: { at: number; observation: Observation } | null = null;
let inFlight: Promise<Observation> | null = null;

function lookAndKeep(now: Date): Promise<Observation> {
  return look(now).then((observation) => {
    settled = { at: performance.now(), observation };
    return observation;
  });
}

function refresh(now: Date): Promise<Observation> {
  if (inFlight) return inFlight;
  const pending = lookAndKeep(now);
  inFlight = pending;
  void pending.then(
    () => {
      inFlight = null;
    },
    () => {
      inFlight = null;
    },
  );
  return pending;
}

export function observeComputer(now: Date, age: LookAge = SHARED_LOOK): Promise<Observation> {
  // A new look is its own: one already in flight may have started before the change it must see.
  if (age.freshMs === 0) return lookAndKeep(now);
  const ageMs = settled ? performance.now() - settled.at : Number.POSITIVE_INFINITY;
  if (settled && ageMs < age.freshMs) return Promise.resolve(settled.observation);
  if (settled && ageMs < age.staleMs) {
    const answer = settled.observation;
    refresh(now).catch(() => {});
    return Promise.resolve(answer);
  }
  return refresh(now);
}
