import type { ErrorBody } from "@core/errors";
import type { QueryFunction } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";

/**
 * The one HTTP client of the web app. Every call sends JSON, the
 * X-Requested-With marker the server requires on state-changing calls (docs/decisions.md D3) and the
 * session cookie. A non-OK answer throws ApiError with the message "<status>: <body or status text>".
 */
export class ApiError extends Error {
  readonly status: number;
  /** The raw response body text (usually `ErrorBody` JSON). */
  readonly body: string;

  constructor(status: number, body: string, statusText = "") {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  /** The parsed `{ error, message, requestId }` body, or null when the body is not that JSON. */
  get data(): ErrorBody | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === "object" && typeof (parsed as ErrorBody).message === "string") {
        return parsed as ErrorBody;
      }
    } catch {
      // not JSON
    }
    return null;
  }
}

const BASE_HEADERS = {
  "Content-Type": "application/json",
  "X-Requested-With": "XMLHttpRequest",
} as const;

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, text, res.statusText);
  }
}

/**
 * Sends one API call and returns the Response (already checked). Write calls without a payload
 * send `{}` so a JSON body parser never sees an empty body with a JSON content type.
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const upper = method.toUpperCase();
  const hasBody = upper !== "GET" && upper !== "HEAD";
  const res = await fetch(url, {
    method: upper,
    headers: BASE_HEADERS,
    body: hasBody ? JSON.stringify(data ?? {}) : undefined,
    credentials: "include",
    mode: "cors",
  });
  await throwIfNotOk(res);
  return res;
}

/** `apiRequest` plus reading the JSON answer, typed by the caller. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** GET one path and read its JSON; with `on401: "returnNull"` a 401 yields null instead of an error (the session). */
export async function apiGet<T>(url: string, options: { on401: UnauthorizedBehavior; signal?: AbortSignal }): Promise<T | null> {
  const res = await fetch(url, {
    headers: BASE_HEADERS,
    credentials: "include",
    mode: "cors",
    signal: options.signal,
  });
  if (options.on401 === "returnNull" && res.status === 401) return null;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/**
 * The default read of the query client (lib/query-client.ts): GET the path made by joining the
 * query key (["/api/clients", 3] → "/api/clients/3").
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return ({ queryKey, signal }) => apiGet<T>(queryKey.join("/"), { on401: options.on401, signal });
}

/** True for the "401: …Unauthorized…" error of an expired or missing session. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** The server's human message (`ErrorBody.message`) for a toast, or `fallback` when there is none. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = error.data?.message?.trim();
    if (message) return message;
  }
  return fallback;
}

type ToastFn = (toast: { title: string; description: string; variant?: "default" | "destructive" }) => unknown;

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
let redirecting = false;

/** The Unauthorized toast's text by default; a screen may name its own (the phone screen's). */
export const LOGGED_OUT_DESCRIPTION = "You are logged out. Logging in again...";

/**
 * A logged-out session: tell the user, then go through /api/login (which leads to /auth) after
 * 500 ms. Safe to call many times; only the first call redirects.
 */
export function handleUnauthorized(showToast: ToastFn = toast, description = LOGGED_OUT_DESCRIPTION): void {
  if (redirecting) return;
  redirecting = true;
  showToast({ title: "Unauthorized", description, variant: "destructive" });
  window.setTimeout(() => {
    window.location.href = "/api/login";
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}
