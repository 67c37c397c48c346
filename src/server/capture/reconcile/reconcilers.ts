import { meetReconciler } from "../meet/meet-reconciler.js";
import { twilioReconciler } from "../phone/twilio-reconciler.js";
import { teamsReconciler } from "../teams/teams-reconciler.js";
import { zoomReconciler } from "../zoom/zoom-reconciler.js";
import type { Reconciler } from "./reconciler.js";

/** Each provider whose own record can be read, by the integration row's provider (docs/capture-reconciliation.md). */
const RECONCILERS: Record<string, Reconciler> = {
  zoom: zoomReconciler,
  twilio: twilioReconciler,
  signalwire: twilioReconciler,
  teams: teamsReconciler,
  meet: meetReconciler,
};

export function reconcilerFor(provider: string): Reconciler | null {
  return RECONCILERS[provider] ?? null;
}

/** The integration rows that are reconciled on schedule: (kind, provider). */
export const RECONCILED_ROWS = [
  { kind: "meeting", provider: "zoom" },
  { kind: "landline", provider: "twilio" },
  { kind: "landline", provider: "signalwire" },
  { kind: "meeting", provider: "teams" },
  { kind: "meeting", provider: "meet" },
] as const;
