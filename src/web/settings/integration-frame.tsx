import { TextField } from "@web/components/text-field";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { PasswordInput } from "@web/components/ui/password-input";
import { Spinner } from "@web/components/ui/spinner";
import { cn } from "@web/lib/utils";
import { Eraser, PlugZap } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { DisconnectButton } from "./disconnect-button";

/**
 * The one frame of the Settings → Integrations tabs (Zoom, Teams, Meet, Landline/Office, Mobile/iPhone,
 * Financial): the status badge beside one line of detail, the last error, the stored-secret field and the
 * Save / Test Connection / Disconnect row. Each tab keeps only what is its own: its words, its fields and
 * its instructions (docs/adding-an-integration.md, "The settings tab").
 */

export type StatusLook = { label: string; variant: NonNullable<ComponentProps<typeof Badge>["variant"]> };
/** Each of a screen's status words (the API's `status`) with its badge. */
export type StatusLooks<Word extends string> = Record<Word, StatusLook>;

/** The badge of the tab's status and one line beside it (the last event, the account connected). */
export function IntegrationHeader({
  testId,
  title,
  status,
  detail,
  detailTestId,
}: {
  /** The tab's name in test ids: `{testId}-status`. */
  testId: string;
  /** The tab's heading before the badge (the phone tabs name their line). */
  title?: string;
  status: StatusLook;
  /** Absent: the badge stands alone. */
  detail?: ReactNode;
  detailTestId?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {title ? <h3 className="font-semibold">{title}</h3> : null}
      <Badge variant={status.variant} data-testid={`${testId}-status`}>
        {status.label}
      </Badge>
      {detail ? (
        <p className="text-sm text-muted-foreground" data-testid={detailTestId}>
          {detail}
        </p>
      ) : null}
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
 * must be entered again); "Clear" (where the tab offers it) erases it on the server without a new one.
 * Not stored, it says where to find it.
 */
export function StoredSecretField<T extends FieldValues>({
  control,
  name,
  label,
  stored,
  hint,
  storedHint = KEEP_STORED_SECRET,
  storedPlaceholder = "••••••••",
  placeholder = "",
  itemClassName,
  clear,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  stored: boolean;
  /** Where to find it, while none is stored. */
  hint: string;
  storedHint?: string;
  /** What the empty input shows while one is stored (dots by default). */
  storedPlaceholder?: string;
  /** What the empty input shows while none is stored. */
  placeholder?: string;
  itemClassName?: string;
  /** Erase the stored secret (the provider's own clear: docs/adding-an-integration.md); offered only while one is stored. */
  clear?: { pending: boolean; run: () => void };
}) {
  const field = (
    <TextField
      control={control}
      name={name}
      label={label}
      input={PasswordInput}
      autoComplete="new-password"
      spellCheck={false}
      placeholder={stored ? storedPlaceholder : placeholder}
      description={stored ? storedHint : hint}
      itemClassName={clear && stored ? undefined : itemClassName}
    />
  );
  if (!clear || !stored) return field;
  return (
    <div className={cn("grid content-start gap-2", itemClassName)}>
      {field}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start"
        disabled={clear.pending}
        aria-label={`Clear the stored ${label}`}
        onClick={clear.run}
      >
        {clear.pending ? <Spinner /> : <Eraser aria-hidden="true" />}
        Clear
      </Button>
    </div>
  );
}

/** Save, Test Connection (when the tab has one), the tab's own buttons, and Disconnect (asked once) once configured. */
export function IntegrationActions({
  saving,
  saveLabel = "Save",
  canSave = true,
  test,
  disconnect,
  children,
}: {
  saving: boolean;
  saveLabel?: string;
  /** False while the form cannot be saved yet (Mobile: no carrier or number). */
  canSave?: boolean;
  /** `label` defaults to "Test Connection"; `disabled` while there is nothing to test. */
  test?: { pending: boolean; run: () => void; label?: string; disabled?: boolean };
  /** Null while nothing is configured. */
  disconnect: { pending: boolean; confirm: () => void; title: string; description: string } | null;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={!canSave || saving}>
        {saving ? <Spinner /> : null}
        {saveLabel}
      </Button>
      {test ? (
        <Button type="button" variant="outline" disabled={test.disabled || test.pending} onClick={test.run}>
          {test.pending ? <Spinner /> : <PlugZap aria-hidden="true" />}
          {test.label ?? "Test Connection"}
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
