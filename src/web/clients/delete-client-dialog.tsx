import type { ClientResponse } from "@core/contracts/clients";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@web/components/ui/alert-dialog";
import { Spinner } from "@web/components/ui/spinner";
import { useDeleteClient } from "./use-clients";

/**
 * Asks once before deleting (DECISIONS.md 10) and says what will happen: a client with invoices
 * is archived; otherwise it is erased, its calls kept without a client and its tracked emails removed.
 */
export function DeleteClientDialog({
  client,
  onOpenChange,
  onDeleted,
}: {
  client: ClientResponse | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteClient(() => {
    onOpenChange(false);
    onDeleted?.();
  });

  return (
    <AlertDialog open={client !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {client?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            If this client has invoices, it is archived instead: hidden from your lists, with its invoices, calls and emails kept.
            Otherwise it is deleted for good; its calls stay in your call history without a client, and its tracked emails are
            removed.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={remove.isPending}
            onClick={(event) => {
              // Keep the dialog open until the server answers.
              event.preventDefault();
              if (client) remove.mutate(client.id);
            }}
          >
            {remove.isPending ? <Spinner /> : null}
            {remove.isPending ? "Deleting..." : "Delete Client"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
