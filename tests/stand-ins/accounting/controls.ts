/**
 * What every accounting stand-in (QuickBooks, Xero, FreshBooks, Wave, Sage, NetSuite) offers a
 * test, so the sync engine's tests can drive any of them the same way. Each stand-in is a real HTTP
 * server speaking the provider's documented wire format (reference/protocols.md), keeping state in
 * memory, and failing on demand.
 */

/**
 * An injected failure, applied to the next matching request(s). Each is an event the test controls,
 * not a race against the client's deadline (injected-failures.ts):
 * - "drop-after-commit": the request is carried out (the row exists), then the connection is closed
 *   without an answer: the lost answer idempotency keys exist for. The client treats it as it treats
 *   a time-out (AccountingUnavailable: the call may have been committed; the job retries);
 * - "drop-before-commit": nothing is done and the connection is closed without an answer;
 * - "hold": nothing is done and no answer comes until the test calls `releaseHeld()`: only for a
 *   test of the client's own deadline;
 * - "429": Too Many Requests with `Retry-After: retryAfterSeconds` (default 1);
 * - "401": the access token is treated as expired (the provider's documented 401 body);
 * - "500": a server error, nothing done.
 */
export type InjectedFailure = {
  kind: "drop-after-commit" | "drop-before-commit" | "hold" | "429" | "401" | "500";
  /** Only requests with this method and a path containing this text (default: any API request, not the token endpoint). */
  method?: string;
  pathIncludes?: string;
  /** How many matching requests fail (default 1). */
  times?: number;
  retryAfterSeconds?: number;
};

export type RemoteCounts = { customers: number; invoices: number; payments: number };

export type AccountingStandInControls = {
  /** Base URL to put in config.accounting.endpoints[provider].baseUrl (no trailing slash). */
  url: string;
  failNext(failure: InjectedFailure): void;
  /** Ends every request held by a "hold" failure, without an answer. */
  releaseHeld(): void;
  /** How many requests a "hold" failure holds now. */
  heldCount(): number;
  /** Every access token issued so far now answers 401 (as when it expired). */
  expireAccessTokens(): void;
  /** How many rows of each kind exist remotely (duplicates show up here). */
  counts(): RemoteCounts;
  /** How many times each refresh token was presented to the token endpoint (each should be 1). */
  refreshTokenSpends(): Map<string, number>;
  /** Requests received, in order (method and path), for assertions on rate limits and retries. */
  requests(): { method: string; path: string; at: number }[];
  close(): Promise<void>;
};
