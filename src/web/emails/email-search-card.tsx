import {
  EMAIL_INTEGRATION_REQUIRED,
  MAX_SEARCH_RESULTS,
  type MailboxSettingsResponse,
  type SearchEmailsInput,
  type SearchEmailsResponse,
  searchEmailsRequest,
} from "@core/contracts/emails";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { refreshAfter } from "@web/lib/query-refresh";
import { Search } from "lucide-react";
import { useEffect } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import type { z } from "zod";
import { searchEmails, splitMessage, toastFailure } from "./use-emails";
import { ProviderField } from "./provider-field";

/** Search by subject with a provider choice. */
export function EmailSearchCard({
  mailbox,
  onResults,
}: {
  mailbox: MailboxSettingsResponse | undefined;
  onResults: (response: SearchEmailsResponse) => void;
}) {
  const form = useForm<SearchEmailsInput, unknown, z.output<typeof searchEmailsRequest>>({
    resolver: zodResolver(searchEmailsRequest),
    defaultValues: { subjectQuery: "", provider: mailbox?.provider ?? "gmail", maxResults: MAX_SEARCH_RESULTS },
  });
  // The provider choice follows the connected mailbox once it has loaded.
  useEffect(() => {
    if (mailbox?.provider && !form.formState.isDirty) form.setValue("provider", mailbox.provider);
  }, [mailbox?.provider, form]);

  const search = useMutation({
    mutationFn: searchEmails,
    onSuccess: (response) => {
      void refreshAfter("emails.searched");
      onResults(response);
      toast({ title: "Email Search Complete", description: response.message });
    },
    onError: (error) =>
      toastFailure(error, "Search Failed", "Search Error: Unable to search emails. Please check your email integration."),
  });

  const handleValid = (values: z.output<typeof searchEmailsRequest>) => {
    if (!mailbox?.enabled) {
      toast({ ...splitMessage(EMAIL_INTEGRATION_REQUIRED), variant: "destructive" });
      return;
    }
    search.mutate({ ...values, maxResults: MAX_SEARCH_RESULTS });
  };
  const handleInvalid = (errors: FieldErrors<SearchEmailsInput>) => {
    const message = errors.subjectQuery?.message ?? errors.provider?.message;
    if (message) toast({ ...splitMessage(message), variant: "destructive" });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Search Emails</CardTitle>
        <CardDescription>
          Find a client's thread by subject in your inbox and sent mail (newest {MAX_SEARCH_RESULTS}).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            onSubmit={form.handleSubmit(handleValid, handleInvalid)}
            className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
          >
            <TextField
              control={form.control}
              name="subjectQuery"
              label="Email Subject"
              placeholder="e.g. Contract review"
              autoComplete="off"
            />
            <ProviderField control={form.control} name="provider" />
            <Button type="submit" className="sm:mt-[1.375rem]" disabled={search.isPending}>
              {search.isPending ? <Spinner /> : <Search aria-hidden="true" />}
              {search.isPending ? "Searching…" : "Search"}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
