import { ConfirmDialog } from "@web/components/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { Unplug } from "lucide-react";
import { useState } from "react";

/**
 * Disconnect, asked once (a mailbox, Zoom, Teams, Meet): the dialog says what is erased and what
 * stays, closes on confirm, and the button shows the request running.
 */
export function DisconnectButton({
  pending,
  onConfirm,
  title,
  description,
}: {
  pending: boolean;
  onConfirm: () => void;
  title: string;
  description: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="destructive" disabled={pending} onClick={() => setOpen(true)}>
        {pending ? <Spinner /> : <Unplug aria-hidden="true" />}
        Disconnect
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel="Disconnect"
        pending={false}
        destructive
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
