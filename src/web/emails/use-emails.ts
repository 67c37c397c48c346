import type {
  CalculateBillingResponse,
  MailboxSettingsResponse,
  MailboxTestResponse,
  SearchEmailsResponse,
  TrackedEmailResponse,
} from "@core/contracts/emails";
import type { ClientResponse } from "@core/contracts/clients";
import { RECENT_EMAILS_LIMIT } from "@core/contracts/emails";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { toast } from "@web/hooks/use-toast";

/** The mailbox connection (never a secret). */
export function useMailbox() {
  return useQuery<MailboxSettingsResponse>({ queryKey: queryKeys.mailbox() });
}

/** Recent Email Activity: the last 10 tracked emails. */
export function useRecentEmails() {
  return useQuery<TrackedEmailResponse[]>({ queryKey: queryKeys.recentEmails(RECENT_EMAILS_LIMIT) });
}

/** Clients for the client choice (id, name). */
export function useClientChoices() {
  return useQuery<ClientResponse[]>({ queryKey: queryKeys.clients() });
}

export const searchEmails = (body: unknown) => apiJson<SearchEmailsResponse>("POST", "/api/emails/search", body);
export const calculateBilling = (body: unknown) =>
  apiJson<CalculateBillingResponse>("POST", "/api/emails/calculate-billing", body);
export const testMailbox = () => apiJson<MailboxTestResponse>("POST", "/api/integrations/email/test");

/** "Title: description" (the API's messages) → a toast's two lines. */
export function splitMessage(message: string): { title: string; description: string } {
  const at = message.indexOf(": ");
  return at > 0 && at < 40
    ? { title: message.slice(0, at), description: message.slice(at + 2) }
    : { title: message, description: "" };
}

/**
 * The failure toasts: "<X> Failed" with the server's message when the server
 * answered, "<X> Error: <fixed text>" when it could not be reached. A 401 is left to the global
 * handler (Unauthorized toast, then sign-in after 500 ms).
 */
export function toastFailure(error: unknown, failedTitle: string, errorText: string): void {
  if (isUnauthorizedError(error)) return;
  if (error instanceof ApiError) {
    toast({ title: failedTitle, description: serverMessage(error, errorText), variant: "destructive" });
    return;
  }
  const { title, description } = splitMessage(errorText);
  toast({ title, description, variant: "destructive" });
}
