/** QuickBooks' answer shapes: entity JSON with a `time`, and Faults with their documented codes. */
export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export type Row = Record<string, unknown> & { Id: string; SyncToken: string };

export function ok(body: Record<string, unknown>): Answer {
  return { status: 200, body: { ...body, time: new Date().toISOString() } };
}

export function fault(code: string, message: string, detail: string, status = 400, type = "ValidationFault"): Answer {
  return {
    status,
    body: { Fault: { Error: [{ Message: message, Detail: detail, code, element: "" }], type }, time: new Date().toISOString() },
  };
}

export const objectNotFound = (what: string) =>
  fault(
    "610",
    "Object Not Found",
    `Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees. (${what})`,
  );

export const invalidReference = (what: string) =>
  fault(
    "2500",
    "Invalid Reference Id",
    `Invalid Reference Id : ${what} assigned to this transaction has been deleted or made inactive.`,
  );

export const requiredMissing = (field: string) =>
  fault(
    "2020",
    "Required param missing, need to supply the required value for the API",
    `Required parameter ${field} is missing in the request`,
  );

export const staleObject = () =>
  fault(
    "5010",
    "Stale Object Error",
    "Stale Object Error : You and root were working on this at the same time. root finished before you did, so your work was not saved.",
  );

export const duplicateName = () =>
  fault(
    "6240",
    "Duplicate Name Exists Error",
    "The name supplied already exists. : Another customer, vendor or employee is already using this name. Please use a different name.",
  );

/** The 401 QuickBooks answers for an expired or unknown bearer (its lower-case `fault` body). */
export function unauthorized(): Answer {
  return {
    status: 401,
    headers: { "www-authenticate": 'Bearer realm="Intuit", error="invalid_token"' },
    body: {
      fault: {
        error: [
          {
            message: "message=AuthenticationFailed; errorCode=003200; statusCode=401",
            detail: "Token expired: the access token is invalid or has expired",
            code: "3200",
          },
        ],
        type: "AUTHENTICATION",
      },
      time: new Date().toISOString(),
    },
  };
}

/** Intuit's error list: 6190 "Invalid Company Status" when the company's subscription or trial ended. */
export const lapsedSubscription = () =>
  fault(
    "6190",
    "Invalid Company Status",
    "Subscription period has ended or canceled or there was a billing problem : You can't add data to QuickBooks Online Plus because your trial or subscription period ended, you canceled your subscription, or there was a billing problem. To update your subscription, click the gear icon and view your account information.",
  );

/** Intuit's error list: 120 "Authorization Failure" (401) when the connecting user lost access to the company. */
export const authorizationFailure = () =>
  fault("120", "Authorization Failure", "AuthorizationFailure: -11014-You do not have access to use QuickBooks Online Plus.", 401, "AuthenticationFault");

export function throttled(retryAfterSeconds: number): Answer {
  const answer = fault(
    "003001",
    "message=ThrottleExceeded; errorCode=003001; statusCode=429",
    "The request limit was reached.",
    429,
    "SERVICE",
  );
  return { ...answer, headers: { "retry-after": String(retryAfterSeconds) } };
}

export function serverError(): Answer {
  return fault(
    "10000",
    "An application error has occurred while processing your request",
    "System Failure Error",
    500,
    "SystemFault",
  );
}

/** Money as QuickBooks holds it (a JSON number) → integer cents. */
export function centsOf(amount: unknown): number | null {
  return typeof amount === "number" && Number.isFinite(amount) ? Math.round(amount * 100) : null;
}

export function amountOf(cents: number): number {
  return cents / 100;
}

export function refValue(ref: unknown): string | null {
  const value = (ref as { value?: unknown } | null)?.value;
  return typeof value === "string" && value ? value : null;
}
