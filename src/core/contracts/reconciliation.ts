import { z } from "zod";
import { text } from "./common.js";
import { instant } from "./response-fields.js";

/**
 * Reconciliation of a capture source against the provider's own record
 * (docs/capture-reconciliation.md): per source on its Settings tab, the last event, the last
 * reconciliation and the calls it recovered, and "Reconcile now".
 */
export const RECONCILE_SOURCES = ["zoom", "landline", "teams", "meet"] as const;
export type ReconcileSource = (typeof RECONCILE_SOURCES)[number];
export const RECONCILE_SOURCE_LABELS: Record<ReconcileSource, string> = {
  zoom: "Zoom",
  landline: "your phone provider",
  teams: "Microsoft Teams",
  meet: "Google Meet",
};

export const reconcileSourceParam = z.object({
  source: z.enum(RECONCILE_SOURCES, { error: "Reconciliation exists for zoom, landline, teams and meet" }),
});

export const RECONCILE_RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export const RECONCILE_TRIGGERS = ["schedule", "manual", "lifecycle"] as const;

export const reconcileRunJson = z.object({
  status: z.enum(RECONCILE_RUN_STATUSES),
  trigger: z.enum(RECONCILE_TRIGGERS),
  queuedAt: instant,
  startedAt: instant.nullable(),
  finishedAt: instant.nullable(),
  /** The span of the provider's record that was read. */
  windowStart: instant.nullable(),
  windowEnd: instant.nullable(),
  recordsSeen: z.number().int().nonnegative(),
  callsRecovered: z.number().int().nonnegative(),
  /** The provider's words, or what is missing, when it failed. */
  error: text().nullable(),
});
export type ReconcileRunJson = z.infer<typeof reconcileRunJson>;

/** GET /api/integrations/{source}/reconciliation. */
export const reconciliationJson = z.object({
  source: z.enum(RECONCILE_SOURCES),
  /** The connected provider ("zoom", "twilio", "signalwire", "teams", "meet"), null when none is. */
  provider: text().nullable(),
  /** Whether "Reconcile now" can run; when not, `missing` says what to set. */
  canReconcile: z.boolean(),
  missing: text().nullable(),
  /** When a verified event of this source last arrived. */
  lastEventAt: instant.nullable(),
  lastRun: reconcileRunJson.nullable(),
  /** Calls every reconciliation of this connection recovered. */
  callsRecovered: z.number().int().nonnegative(),
  /** How often it runs by itself. */
  schedule: text(),
});
export type ReconciliationJson = z.infer<typeof reconciliationJson>;

/** POST /api/integrations/{source}/reconcile: queued. */
export const reconcileNowResponse = z.object({ success: z.literal(true), message: text(), run: reconcileRunJson });
export type ReconcileNowResponse = z.infer<typeof reconcileNowResponse>;
