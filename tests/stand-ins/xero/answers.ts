import { randomUUID } from "node:crypto";

/** Xero's answer shapes: the Accounting API envelope, ValidationException, and the identity errors. */
export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export function xeroDate(at = Date.now()): string {
  return `/Date(${at}+0000)/`;
}

export function ok(rows: Record<string, unknown>): Answer {
  return {
    status: 200,
    body: { Id: randomUUID(), Status: "OK", ProviderName: "Minutely", DateTimeUTC: xeroDate(), ...rows },
  };
}

/**
 * A 400 ValidationException as Xero sends it for a rejected element: the element echoed back with
 * its ValidationErrors (the provider reports `Elements[0].ValidationErrors[0].Message`).
 */
export function validation(element: Record<string, unknown>, ...messages: string[]): Answer {
  return {
    status: 400,
    body: {
      ErrorNumber: 10,
      Type: "ValidationException",
      Message: "A validation exception occurred",
      Elements: [{ ...element, HasErrors: true, ValidationErrors: messages.map((Message) => ({ Message })) }],
    },
  };
}

export function problem(status: number, title: string, detail: string): Answer {
  return { status, body: { Type: null, Title: title, Status: status, Detail: detail, Instance: randomUUID(), Extensions: {} } };
}

export function notFound(what: string): Answer {
  return problem(404, "Not Found", `The resource you're looking for cannot be found (${what})`);
}

export function unauthorized(): Answer {
  const answer = problem(401, "Unauthorized", `TokenExpired: token expired at ${new Date().toUTCString()}`);
  return { ...answer, headers: { "www-authenticate": 'Bearer error="invalid_token"' } };
}

export function forbidden(): Answer {
  return problem(403, "Forbidden", "AuthenticationUnsuccessful");
}

export function serverError(): Answer {
  return problem(500, "An error occurred", "An error occurred in Xero. Check the API Status page for known issues.");
}

export function identityError(status: number, error: string): Answer {
  return { status, body: { error } };
}

/** Money as Xero sends it (a JSON number with at most 2 decimals) → integer cents. */
export function centsOf(amount: unknown): number | null {
  if (typeof amount === "number" && Number.isFinite(amount)) return Math.round(amount * 100);
  if (typeof amount === "string" && /^-?\d+(\.\d+)?$/.test(amount.trim())) return Math.round(Number(amount) * 100);
  return null;
}

export function amountOf(cents: number): number {
  return cents / 100;
}
