/**
 * One error type for the whole product. The server's error handler turns it into
 * `{ error: code, message, requestId }` with the status below; the web client reads
 * the same shape back. Codes are stable strings a caller can branch on.
 */
export const ERROR_STATUS = {
  validation_error: 400,
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
export const conflict = (message: string) => new AppError("conflict", message);

/** The JSON body every error response carries. */
export type ErrorBody = {
  error: ErrorCode | string;
  message: string;
  requestId?: string;
  issues?: { path: string; message: string }[];
};
