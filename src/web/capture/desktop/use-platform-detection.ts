import {
  DETECT_ERROR_MESSAGE,
  DETECT_ERROR_TITLE,
  DETECTION_FAILED_MESSAGE,
  DETECTION_FAILED_TITLE,
  type DetectionResultJson,
  type PlatformInfoJson,
  type PlatformStatusJson,
  type PlatformTrackingJson,
} from "@core/contracts/platform-detection";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { ApiError, apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

/** The status overview is refreshed every 10 seconds. */
export const PLATFORM_STATUS_POLL_MS = 10_000;

/** This computer: system, platforms known, what can be inspected. It does not change while the page is open. */
export function usePlatformInfo() {
  return useQuery<PlatformInfoJson>({ queryKey: queryKeys.platformInfo(), staleTime: 60_000 });
}

/** Each platform running or not, polled every 10 s while the page is open. */
export function usePlatformStatus() {
  return useQuery<PlatformStatusJson>({ queryKey: queryKeys.platformStatus(), refetchInterval: PLATFORM_STATUS_POLL_MS });
}

/** Desktop meeting tracking; while on, it follows the watcher's looks at the status's pace. */
export function usePlatformTracking() {
  return useQuery<PlatformTrackingJson>({
    queryKey: queryKeys.platformTracking(),
    refetchInterval: (query) => (query.state.data?.enabled ? PLATFORM_STATUS_POLL_MS : false),
  });
}

/**
 * Detect Active Platform: a read, made on demand. Its toasts: the server refused or failed
 * ("Detection Failed: Failed to detect active platform"), or the request itself failed ("Error: Failed
 * to detect platform").
 */
export function useDetectPlatform() {
  return useMutation({
    mutationFn: () => apiJson<DetectionResultJson>("GET", "/api/platform/detect"),
    onSuccess: () => void refreshAfter("platform.detected"),
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      if (error instanceof ApiError)
        toast({ title: DETECTION_FAILED_TITLE, description: DETECTION_FAILED_MESSAGE, variant: "destructive" });
      else toast({ title: DETECT_ERROR_TITLE, description: DETECT_ERROR_MESSAGE, variant: "destructive" });
    },
  });
}

/** "Track meetings on this computer" on or off. */
export function useSetTracking() {
  return useMutation({
    mutationFn: (enabled: boolean) => apiJson<PlatformTrackingJson>("PUT", "/api/platform/tracking", { enabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.platformTracking(), saved);
      void refreshAfter("platform.trackingSaved");
      toast({
        title: "Saved",
        description: saved.enabled
          ? `Meetings on ${saved.computer.hostname} are now tracked as calls.`
          : `Meetings on ${saved.computer.hostname} are no longer tracked.`,
      });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Error", description: serverMessage(error, "Failed to update meeting tracking"), variant: "destructive" });
    },
  });
}
