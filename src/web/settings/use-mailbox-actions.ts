import type { MailboxSettingsRequest, MailboxSettingsResponse, MailboxTestResponse } from "@core/contracts/emails";
import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { ApiError, apiJson, isUnauthorizedError, serverMessage } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";
import { useState } from "react";

const MAILBOX_KEY = queryKeys.mailbox();

/** What the last Test Connection of this visit said (the server's own words on a failure). */
export type MailboxTestOutcome = { success: boolean; message: string };

/**
 * Save, Test Connection and Disconnect of Settings → Integrations → Email, each with its toast,
 * and the outcome of the last test, which a save or a disconnect clears.
 */
export function useMailboxActions() {
  const [testResult, setTestResult] = useState<MailboxTestOutcome | null>(null);
  const save = useMutation({
    mutationFn: (values: MailboxSettingsRequest) => apiJson<MailboxSettingsResponse>("PUT", "/api/integrations/email", values),
    onSuccess: (saved) => {
      queryClient.setQueryData(MAILBOX_KEY, saved);
      void refreshAfter("mailbox.saved");
      setTestResult(null);
      toast({
        title: "Email Integration Saved",
        description: "Mailbox settings saved. Use Test Connection to check the sign-in.",
      });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({
          title: "Setup Failed",
          description: serverMessage(error, "Failed to save the email integration."),
          variant: "destructive",
        });
    },
  });
  const test = useMutation({
    mutationFn: () => apiJson<MailboxTestResponse>("POST", "/api/integrations/email/test"),
    onSuccess: (result) => {
      setTestResult(result);
      void refreshAfter("mailbox.tested");
      toast({ title: "Connection Successful", description: result.message });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const message =
        error instanceof ApiError
          ? serverMessage(error, "The mail server could not be reached.")
          : "Test Error: Failed to test the email connection.";
      setTestResult({ success: false, message });
      void refreshAfter("mailbox.tested");
      toast({ title: "Connection Test Failed", description: message, variant: "destructive" });
    },
  });
  const disconnect = useMutation({
    mutationFn: () => apiJson<{ message: string }>("DELETE", "/api/integrations/email"),
    onSuccess: async (result) => {
      setTestResult(null);
      await refreshAfter("mailbox.disconnected");
      toast({ title: "Mailbox Disconnected", description: result.message });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: "Disconnect Failed", description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });

  return { save, test, disconnect, testResult };
}
