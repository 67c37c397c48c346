/**
 * How an OAuth consent ended, as the callback's redirect says it (mailbox sign-in, Google Meet,
 * accounting): a fixed code, never words. Text in the address bar is anyone's to write (a link can
 * carry `?error=Your QuickBooks was disconnected. Call …`), so the screens show only these fixed
 * sentences and what the server stored on the integration (its last error), fetched through the API
 * (docs/security.md).
 */
export const CONSENT_FAILURES = ["denied", "invalid_state", "no_code", "not_saved", "refused"] as const;
export type ConsentFailure = (typeof CONSENT_FAILURES)[number];

/** The code in a redirect, or null for anything else (which the screens then do not repeat). */
export function consentFailureOrNull(value: string | null | undefined): ConsentFailure | null {
  return (CONSENT_FAILURES as readonly string[]).includes(value ?? "") ? (value as ConsentFailure) : null;
}

/** The sentence for a code; `provider` is the product's own name for the provider ("QuickBooks", "Google"). */
export function consentFailureText(code: ConsentFailure | null, provider: string): string {
  switch (code) {
    case "denied":
      return `Access was not allowed at ${provider}. Nothing was connected.`;
    case "invalid_state":
      return "The connection link is invalid or has expired. Click Connect again.";
    case "no_code":
      return `${provider}'s answer had no authorisation code. Click Connect again.`;
    case "not_saved":
      return `Save your ${provider} settings first, then connect.`;
    case "refused":
      return `${provider} refused the connection. Check its settings (the reason is shown there) and click Connect again.`;
    default:
      return "The connection was not completed. Click Connect again.";
  }
}
