import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import type { CaptureEvent } from "../capture-event.js";

/**
 * What every provider's reconciliation does (docs/capture-reconciliation.md): read the
 * provider's own record of the calls in a window and turn each into the SAME capture events the live
 * webhook path makes (same source, external id, times and participants), so the one pipeline
 * (recordCaptureEvent) makes a missed call exactly as the live path would have, and a call already
 * captured changes nothing: the state machine is keyed by (account, source, external id).
 */
export type ReconcileWindow = { start: Date; end: Date };

export type ReconcileContext = {
  db: Db;
  config: Config;
  box: SecretBox;
  row: IntegrationRow;
  /** The integration owner's email (self among participants). */
  ownerEmail: string | null;
  window: ReconcileWindow;
  now: Date;
  /** Of these external call ids, the ones whose call is already captured and ended (no need to fetch details). */
  endedCalls: (source: string, externalIds: readonly string[]) => Promise<Set<string>>;
  /** Of these event ids, the ones the pipeline has already recorded (a reconciliation event made before). */
  recordedEvents: (source: string, eventIds: readonly string[]) => Promise<Set<string>>;
};

/** One page of the provider's record: how many records it held and the capture events they make. */
export type ReconcileBatch = { records: number; events: CaptureEvent[] };

export type Reconciler = {
  /** What the user must still set for reconciliation to run (shown on the tab), or null when it can. */
  missing: (row: IntegrationRow, box: SecretBox) => string | null;
  /** The provider's record in the window, page by page. Throws ReconcileFailure with the provider's words. */
  read: (context: ReconcileContext) => AsyncGenerator<ReconcileBatch>;
};

/** Each request to a provider's record has this deadline unless config.providers.timeoutMs says otherwise. */
export const RECONCILE_TIMEOUT_MS = 15_000;

/**
 * A request's deadline as a signal that aborts with a "TimeoutError" once `ms` have passed: AbortSignal.timeout,
 * unless config.providers.deadline (tests only) gives one the test can also end at a moment it chooses.
 */
export function deadlineSignal(config: Pick<Config, "providers">, ms: number): AbortSignal {
  return config.providers?.deadline?.(ms) ?? AbortSignal.timeout(ms);
}

/** The provider refused or could not be reached: the run fails with this message (shown on the tab). */
export class ReconcileFailure extends Error {}
