import type { generateInvoiceRequest } from "@core/contracts/invoices";
import type { z } from "zod";
import type {
  CreateInvoicesResponse,
  GenerateInvoiceResponse,
  InvoiceActionResponse,
  InvoiceJson,
  InvoiceListItemJson,
} from "@core/contracts/invoices";
import { formatDecimalMoney } from "@core/money";
import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { queryKeys } from "@web/lib/query-keys";
import { refreshAfter } from "@web/lib/query-refresh";
import { usePagedList } from "@web/lib/use-paged-list";

export const pdfUrl = (invoiceId: number, download = false) => `/api/invoices/${invoiceId}/pdf${download ? "?download=1" : ""}`;

/** Invoices shown per page of Recent Invoices (docs/paging.md). */
export const INVOICES_PAGE_SIZE = 20;

/** Recent Invoices, newest first, a page at a time (GET /api/invoices/page); `userId`: those with a line by one member. */
export function useInvoices(userId?: number) {
  const member = userId === undefined ? "" : `&userId=${userId}`;
  return usePagedList<InvoiceListItemJson>(queryKeys.invoicesPage(`limit=${INVOICES_PAGE_SIZE}${member}`));
}

/** POST /api/invoices: a period for one client or all (one invoice per client). */
export function useCreateInvoices(onDone?: (result: CreateInvoicesResponse) => void) {
  return useMutation({
    mutationFn: (body: unknown) => apiJson<CreateInvoicesResponse>("POST", "/api/invoices", body),
    onSuccess: async (result) => {
      await refreshAfter("invoices.created");
      const [first] = result.invoices;
      const description =
        result.invoices.length === 1 && first
          ? `${first.invoiceNumber} for ${first.clientName}: ${formatDecimalMoney(first.total, first.currency)}`
          : result.message;
      toast({ title: "Invoice generated successfully", description });
      onDone?.(result);
    },
    onError: (error) => {
      toast({
        title: "Failed to generate invoice",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    },
  });
}

/** The request's input (callIds, or unbilledCallsInPeriod with the period: core/contracts/invoices.ts). */
export type GenerateInvoiceInput = z.input<typeof generateInvoiceRequest>;

/** POST /api/invoices/generate for selected calls; toasts "Invoice Generated" with number and total. */
export async function generateInvoice(input: GenerateInvoiceInput): Promise<GenerateInvoiceResponse> {
  const result = await apiJson<GenerateInvoiceResponse>("POST", "/api/invoices/generate", input);
  await refreshAfter("invoice.generated");
  toast({
    title: "Invoice Generated",
    description: `Invoice ${result.invoiceNumber} created successfully for ${formatDecimalMoney(result.total, result.invoice.currency)}`,
  });
  return result;
}

export function useGenerateInvoice(onDone?: (result: GenerateInvoiceResponse) => void) {
  return useMutation({
    mutationFn: generateInvoice,
    // generateInvoice itself refreshes (the notification dialog calls it without a mutation).
    onSuccess: (result) => onDone?.(result),
    onError: (error) => {
      void refreshAfter("invoice.refused");
      // The invoice-from-calls flow shows the server's message when there is one.
      toast({
        title: "Failed to generate invoice",
        description: serverMessage(error, "Failed to generate invoice"),
        variant: "destructive",
      });
    },
  });
}

type ActionInput = { invoice: InvoiceJson; to?: string | null };

function useInvoiceAction(
  kind: "invoice.sent" | "invoice.paid" | "invoice.voided",
  path: (input: ActionInput) => string,
  titles: { success: string; failure: string },
  onDone?: () => void,
) {
  return useMutation({
    mutationFn: (input: ActionInput) =>
      apiJson<InvoiceActionResponse>("POST", path(input), input.to === undefined ? {} : { to: input.to }),
    onSuccess: async (result) => {
      await refreshAfter(kind);
      toast({ title: titles.success, description: result.message });
      onDone?.();
    },
    onError: (error) => {
      toast({ title: titles.failure, description: serverMessage(error, "Please try again."), variant: "destructive" });
    },
  });
}

export const useSendInvoice = (onDone?: () => void) =>
  useInvoiceAction(
    "invoice.sent",
    ({ invoice }) => `/api/invoices/${invoice.id}/send`,
    { success: "Invoice Sent", failure: "Failed to send invoice" },
    onDone,
  );

export const useMarkInvoicePaid = () =>
  useInvoiceAction("invoice.paid", ({ invoice }) => `/api/invoices/${invoice.id}/mark-paid`, {
    success: "Marked as paid",
    failure: "Failed to mark invoice as paid",
  });

export const useVoidInvoice = (onDone?: () => void) =>
  useInvoiceAction(
    "invoice.voided",
    ({ invoice }) => `/api/invoices/${invoice.id}/void`,
    { success: "Invoice voided", failure: "Failed to void invoice" },
    onDone,
  );

export function useDeleteInvoice(onDone?: () => void) {
  return useMutation({
    mutationFn: (invoice: InvoiceJson) => apiJson<{ message: string }>("DELETE", `/api/invoices/${invoice.id}`),
    onSuccess: async (result) => {
      await refreshAfter("invoice.deleted");
      toast({ title: "Draft deleted", description: result.message });
      onDone?.();
    },
    onError: (error) => {
      toast({
        title: "Failed to delete invoice",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    },
  });
}
