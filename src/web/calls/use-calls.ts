import type { AssignClientRequest, AssignClientResponse } from "@core/contracts/assign-client";
import type {
  ActiveCallJson,
  CallJson,
  DashboardStats,
  EndAllCallsResponse,
  EndCallResponse,
  LogCallRequest,
  RepriceCallsRequest,
  RepriceCallsResponse,
  StartCallRequest,
  UpdateCallRequest,
} from "@core/contracts/calls";
import { formatCallEndedMessage } from "@core/duration";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";

export const RECENT_CALLS_COUNT = 5;

export function useActiveCalls() {
  return useQuery<ActiveCallJson[]>({ queryKey: queryKeys.activeCalls() });
}

/** The dashboard's Recent Calls: the newest five only, not the whole history. */
/** The dashboard's newest calls; `filters` is the Mine / Team choice's query (`view=…&userId=…`), as the stats get it. */
export function useRecentCalls(filters = "") {
  return useQuery<CallJson[]>({
    queryKey: queryKeys.recentCalls(filters),
    queryFn: () => apiJson<CallJson[]>("GET", `/api/calls?limit=${RECENT_CALLS_COUNT}${filters ? `&${filters}` : ""}`),
  });
}

export function useDashboardStats(filters = "") {
  return useQuery<DashboardStats>({ queryKey: queryKeys.dashboardStats(filters) });
}

export function useStartCall(onDone?: (call: CallJson) => void) {
  return useMutation({
    mutationFn: (body: StartCallRequest) => apiJson<CallJson>("POST", "/api/calls/start", body),
    onSuccess: async (call) => {
      await refreshAfter("call.started");
      toast({
        title: "Call Started",
        description: call.clientName ? `Recording your call with ${call.clientName}.` : "Recording your call.",
      });
      onDone?.(call);
    },
    onError: (error) => {
      toast({ title: "Error", description: serverMessage(error, "Failed to start call"), variant: "destructive" });
    },
  });
}

/** End one call: "Call Ended" / "Call completed. Duration: {m}m {s}s"; failure "Error" / "Failed to end call". */
export function useEndCall() {
  return useMutation({
    mutationFn: (callId: number) => apiJson<EndCallResponse>("POST", `/api/calls/end/${callId}`),
    onSuccess: async (result) => {
      await refreshAfter("call.ended");
      toast({ title: "Call Ended", description: formatCallEndedMessage(result.duration) });
    },
    onError: () => {
      toast({ title: "Error", description: "Failed to end call", variant: "destructive" });
    },
  });
}

/** End every active call: "All Calls Ended"; a failure is only logged. */
export function useEndAllCalls() {
  return useMutation({
    mutationFn: () => apiJson<EndAllCallsResponse>("POST", "/api/calls/end-all"),
    onSuccess: async () => {
      await refreshAfter("calls.allEnded");
      toast({ title: "All Calls Ended", description: "All active calls have been completed" });
    },
    onError: (error) => {
      console.error("Failed to end all calls", error);
    },
  });
}

export function useLogCall(onDone?: (call: CallJson) => void) {
  return useMutation({
    mutationFn: (body: LogCallRequest) => apiJson<CallJson>("POST", "/api/calls", body),
    onSuccess: async (call) => {
      await refreshAfter("call.logged");
      toast({ title: "Call Logged", description: `${call.clientName ?? "Unknown Client"}: ${call.amount} billed.` });
      onDone?.(call);
    },
    onError: (error) => {
      toast({ title: "Failed to log call", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
}

export function useUpdateCall(onDone?: (call: CallJson) => void) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCallRequest }) => apiJson<CallJson>("PATCH", `/api/calls/${id}`, body),
    onSuccess: async (call) => {
      await refreshAfter("call.edited");
      toast({ title: "Call updated", description: "The call was saved." });
      onDone?.(call);
    },
    onError: (error) => {
      toast({ title: "Failed to update call", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
}

export function useDeleteCall(onDone?: () => void) {
  return useMutation({
    mutationFn: (callId: number) => apiJson<{ success: true }>("DELETE", `/api/calls/${callId}`),
    onSuccess: async () => {
      await refreshAfter("call.deleted");
      toast({ title: "Call deleted", description: "The call was removed." });
      onDone?.();
    },
    onError: (error) => {
      toast({ title: "Failed to delete call", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
}

/**
 * The explicit "re-price unbilled calls" action (docs/decisions.md D8): every ended call not on an
 * invoice is priced again with the rules in force now; invoiced and running calls keep theirs.
 */
export function useRepriceCalls(onDone?: (result: RepriceCallsResponse) => void) {
  return useMutation({
    mutationFn: (body: RepriceCallsRequest = {}) => apiJson<RepriceCallsResponse>("POST", "/api/calls/reprice", body),
    onSuccess: async (result) => {
      await refreshAfter("calls.repriced");
      toast({
        title: "Calls Re-priced",
        description:
          result.repriced === 0
            ? "Every unbilled call already uses the current rates."
            : `Re-priced ${result.repriced} of ${result.checked} unbilled ${result.checked === 1 ? "call" : "calls"}.`,
      });
      onDone?.(result);
    },
    onError: (error) => {
      toast({
        title: "Failed to re-price calls",
        description: serverMessage(error, "No call was changed. Please try again."),
        variant: "destructive",
      });
    },
  });
}

/**
 * "Assign client": the call gets the client (an ended one is priced again with its rules)
 * and the ticked numbers and addresses are remembered, so the next call from them matches by itself.
 */
export function useAssignClient(onDone?: (result: AssignClientResponse) => void) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AssignClientRequest }) =>
      apiJson<AssignClientResponse>("POST", `/api/calls/${id}/assign-client`, body),
    onSuccess: async (result) => {
      await refreshAfter("call.clientAssigned");
      const { call, remembered } = result;
      const priced = call.active ? "" : ` ${call.amount} billed.`;
      const moved = remembered.filter((identity) => identity.movedFrom);
      const remembering =
        remembered.length === 0
          ? ""
          : ` Remembered ${remembered.map((identity) => identity.value).join(", ")}${moved.length ? ` (no longer ${moved.map((identity) => identity.movedFrom).join(", ")})` : ""}.`;
      toast({
        title: "Client assigned",
        description: `${call.clientName ?? "The client"} now has this call.${priced}${remembering}`,
      });
      onDone?.(result);
    },
    onError: (error) => {
      toast({ title: "Failed to assign client", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
}
