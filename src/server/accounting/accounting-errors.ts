/**
 * How a provider call failed, in the four ways the sync engine treats differently. Every provider
 * file maps its SDK's or HTTP errors to exactly these; nothing else escapes a provider.
 *
 * - AccountingRejected: the provider refused the request itself (validation, a closed period, a
 *   deleted customer). Retrying cannot help; the record turns "failed" with the provider's words.
 * - AccountingUnavailable: time-out, connection error, 5xx. The create may or may not have been
 *   committed there; the job retries with the same idempotency key.
 * - AccountingRateLimited: 429. The engine holds every instance for `retryAfterSeconds`, then retries.
 * - AccountingUnauthorized: 401 after a refresh, or the refresh token was refused (invalid_grant).
 *   The connection needs the user to reconnect; the integration turns "error".
 */
export class AccountingRejected extends Error {
  override readonly name = "AccountingRejected";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export class AccountingUnavailable extends Error {
  override readonly name = "AccountingUnavailable";
}

export class AccountingRateLimited extends Error {
  override readonly name = "AccountingRateLimited";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export class AccountingUnauthorized extends Error {
  override readonly name = "AccountingUnauthorized";
  /**
   * True when the message already says what the user must do (renew the subscription, connect as a
   * user allowed to post): the card shows it as it is instead of prefixing "Reconnect".
   */
  readonly saysWhatToDo: boolean;
  constructor(message: string, options: { saysWhatToDo?: boolean } = {}) {
    super(message);
    this.saysWhatToDo = options.saysWhatToDo ?? false;
  }
}

export type AccountingFailure = AccountingRejected | AccountingUnavailable | AccountingRateLimited | AccountingUnauthorized;

export function isAccountingFailure(error: unknown): error is AccountingFailure {
  return (
    error instanceof AccountingRejected ||
    error instanceof AccountingUnavailable ||
    error instanceof AccountingRateLimited ||
    error instanceof AccountingUnauthorized
  );
}

/** Retry-After in seconds (delta or HTTP date), `fallback` when absent or unreadable (QuickBooks documents 60 s). */
export function retryAfterSeconds(header: string | null | undefined, now: Date, fallback = 60): number {
  if (!header) return fallback;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 3600);
  const at = Date.parse(header);
  if (Number.isNaN(at)) return fallback;
  return Math.max(0, Math.min(3600, Math.ceil((at - now.getTime()) / 1000)));
}
