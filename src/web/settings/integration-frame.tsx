import { TextField } from "@web/components/text-field";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { PasswordInput } from "@web/components/ui/password-input";
import { Spinner } from "@web/components/ui/spinner";
import { PlugZap } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { DisconnectButton } from "./disconnect-button";

/**
 * The one frame of the Settings → Integrations tabs (Zoom, Teams, Meet): the status badge beside one
 * line of detail, the last error, the stored-secret field and the Save / Test Connection / Disconnect
 * row. Each tab keeps only what is its own: its words, its fields and its instructions.
 */

export type StatusLook = { label: string; variant: NonNullable<ComponentProps<typeof Badge>["variant"]> };
/** Each of a screen's status words (the API's `status`) with its badge. */
export type StatusLooks<Word extends string> = Record<Word, StatusLook>;

/** The badge of the tab's status and one line beside it (the last event, the account connected). */
export function IntegrationHeader({
  testId,
  status,
  detail,
  detailTestId,
}: {
  /** The tab's name in test ids: `{testId}-status`. */
  testId: string;
  status: StatusLook;
  detail: ReactNode;
  detailTestId: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Badge variant={status.variant} data-testid={`${testId}-status`}>
        {status.label}
      </Badge>
      <p className="text-sm text-muted-foreground" data-testid={detailTestId}>
        {detail}
      </p>
    </div>
  );
}

/** The provider's last refusal, in its own words. */
export function LastErrorAlert({ error, testId }: { error: string | null; testId?: string }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm break-words"
      data-testid={testId}
    >
      <span className="font-medium">Last error: </span>
      {error}
    </p>
  );
}

/** What a stored secret's field says by default: it is kept when the field is left blank. */
export const KEEP_STORED_SECRET = "Stored encrypted; never shown again. Leave blank to keep it.";

/**
 * A secret the server keeps (client secret, token): never shown, only whether one is stored. Stored,
 * the field shows dots and says so; typing replaces it; blank keeps it (or, where the tab says so,
 * must be entered again). Not stored, it says where to find it.
 */
export function StoredSecretField<T extends FieldValues>({
  control,
  name,
  label,
  stored,
  hint,
  storedHint = KEEP_STORED_SECRET,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  stored: boolean;
  /** Where to find it, while none is stored. */
  hint: string;
  storedHint?: string;
}) {
  return (
    <TextField
      control={control}
      name={name}
      label={label}
      input={PasswordInput}
      autoComplete="new-password"
      placeholder={stored ? "••••••••" : ""}
      description={stored ? storedHint : hint}
    />
  );
}

/** Save, Test Connection (when the tab has one), the tab's own buttons, and Disconnect (asked once) once configured. */
export function IntegrationActions({
  saving,
  saveLabel = "Save",
  test,
  disconnect,
  children,
}: {
  saving: boolean;
  saveLabel?: string;
  test?: { pending: boolean; run: () => void };
  /** Null while nothing is configured. */
  disconnect: { pending: boolean; confirm: () => void; title: string; description: string } | null;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={saving}>
        {saving ? <Spinner /> : null}
        {saveLabel}
      </Button>
      {test ? (
        <Button type="button" variant="outline" disabled={test.pending} onClick={test.run}>
          {test.pending ? <Spinner /> : <PlugZap aria-hidden="true" />}
          Test Connection
        </Button>
      ) : null}
      {children}
      {disconnect ? (
        <DisconnectButton
          pending={disconnect.pending}
          onConfirm={disconnect.confirm}
          title={disconnect.title}
          description={disconnect.description}
        />
      ) : null}
    </div>
  );
}
