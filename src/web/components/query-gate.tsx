import type { ReactNode } from "react";
import { serverMessage } from "@web/lib/api";
import { Button } from "./ui/button";

/** What the gate reads of a TanStack query result (any `useQuery` answer fits). */
export type GatedQuery<T> = {
  data: T | undefined;
  isLoading: boolean;
  error: unknown;
  refetch: () => unknown;
};

type QueryGateProps<T> = {
  query: GatedQuery<T>;
  /** Skeletons the size of what they stand for, so nothing jumps when the data arrives. */
  loading: ReactNode;
  /** Shown when the server's answer carries no message of its own. */
  errorMessage: string;
  /** The empty state (it should offer the next action); shown when `isEmpty(data)`. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

/**
 * The one way a screen waits for a query: its skeleton while loading, the server's message with
 * "Try again" when there is no data, the empty state, else the content. Data already shown stays
 * when a background refetch fails (the next success or focus refreshes it).
 */
export function QueryGate<T>({ query, loading, errorMessage, empty, isEmpty, children }: QueryGateProps<T>) {
  if (query.isLoading) return loading;
  if (query.data === undefined) {
    return <QueryError message={serverMessage(query.error, errorMessage)} onRetry={() => query.refetch()} />;
  }
  if (empty !== undefined && isEmpty?.(query.data)) return empty;
  return children(query.data);
}

/** A query's failure: what went wrong, and a retry. */
export function QueryError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="text-sm text-destructive">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
