import { Unplug } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";

/**
 * Disconnect, asked once: the stored password or tokens are erased, tracked emails stay. The
 * dialog closes on confirm; the button shows the request running.
 */
export function DisconnectMailboxButton({ pending, onConfirm }: { pending: boolean; onConfirm: () => void }) {
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
        title="Disconnect this mailbox?"
        description="The saved password or sign-in tokens are erased. Emails already saved to billing records stay. You can connect again at any time."
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
