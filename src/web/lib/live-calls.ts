import { useEffect } from "react";
import { refreshAfter } from "./query-refresh";

/** The server's stream of the account's call changes (server/live/routes.ts). */
export const CALL_STREAM_URL = "/api/calls/stream";
/** Changes arriving together (End All, a webhook burst) cause one refresh. */
const COALESCE_MS = 50;
/** After the browser gave up on the stream (a 401, a 429, a proxy's 502): try again, 5 s doubling to a minute. */
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60_000;

/**
 * Live screens: one EventSource per signed-in tab. Every `call` event (and `resync`,
 * and every reconnect, which may have missed some) refreshes what shows calls through the refresh
 * table, so a call started by a webhook, another tab or another device appears in Active Calls and
 * the lists without a reload. EventSource reconnects by itself after a dropped connection; when it
 * gives up (an error answer) this tries again later. No polling.
 */
export function useLiveCalls(): void {
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let refreshTimer: number | undefined;
    let retryTimer: number | undefined;
    let retryMs = FIRST_RETRY_MS;
    let stopped = false;

    const refresh = () => {
      if (refreshTimer !== undefined) return;
      refreshTimer = window.setTimeout(() => {
        refreshTimer = undefined;
        void refreshAfter("calls.changedLive");
      }, COALESCE_MS);
    };

    const connect = (isReconnect: boolean) => {
      let opened = false;
      source = new EventSource(CALL_STREAM_URL);
      source.addEventListener("call", refresh);
      source.addEventListener("resync", refresh);
      source.addEventListener("open", () => {
        retryMs = FIRST_RETRY_MS;
        // Changes made while the stream was down were not heard.
        if (opened || isReconnect) refresh();
        opened = true;
      });
      source.addEventListener("error", () => {
        if (stopped || !source || source.readyState !== EventSource.CLOSED) return;
        source = null;
        retryTimer = window.setTimeout(() => connect(true), retryMs);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
      });
    };

    connect(false);
    return () => {
      stopped = true;
      source?.close();
      window.clearTimeout(refreshTimer);
      window.clearTimeout(retryTimer);
    };
  }, []);
}
