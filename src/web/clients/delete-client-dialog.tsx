import type { ClientResponse } from "@core/contracts/clients";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { useDeleteClient } from "./use-clients";

/**
 * Asks once before deleting (docs/decisions.md D10) and says what will happen: a client with invoices
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
    <ConfirmDialog
      open={client !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${client?.name ?? "client"}?`}
      description="If this client has invoices, it is archived instead: hidden from your lists, with its invoices, calls and emails kept. Otherwise it is deleted for good; its calls stay in your call history without a client, and its tracked emails are removed."
      confirmLabel="Delete Client"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      destructive
      onConfirm={() => client && remove.mutate(client.id)}
    />
  );
}
