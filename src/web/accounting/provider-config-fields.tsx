import type { AccountingProviderInfo } from "@core/accounting/providers";
import { TextField } from "@web/components/text-field";
import { StoredSecretField } from "@web/settings/integration-frame";
import type { Control } from "react-hook-form";
import { type ConfigFieldName, type ConfigFormOutput, type ConfigFormValues, fieldPlaceholder } from "./config-form";

/**
 * A provider's settings as labelled inputs: the catalogue's fields in its order, secrets on the frame's
 * stored-secret field (masked with a show/hide toggle, "Stored — leave empty to keep" once stored, Clear
 * where the screen offers it), optional ones saying so under the input. Shared by the configure dialog
 * and Settings → Financial.
 */
export function ProviderConfigFields({
  provider,
  control,
  storedSecrets,
  clear,
}: {
  provider: AccountingProviderInfo;
  control: Control<ConfigFormValues, unknown, ConfigFormOutput>;
  storedSecrets: readonly string[];
  /** Clear a stored secret by its field name (Settings → Financial); `clearing` is the one being cleared. */
  clear?: { clearing: string | null; run: (name: string) => void };
}) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      {provider.fields.map((field) => {
        const description = field.required ? field.help : ["Optional.", field.help].filter(Boolean).join(" ");
        return field.secret ? (
          <StoredSecretField
            key={`${provider.id}-${field.name}`}
            control={control}
            name={field.name as ConfigFieldName}
            label={field.label}
            stored={storedSecrets.includes(field.name)}
            hint={description ?? ""}
            storedHint={description ?? ""}
            storedPlaceholder={fieldPlaceholder(field, storedSecrets)}
            placeholder={field.placeholder}
            clear={clear ? { pending: clear.clearing === field.name, run: () => clear.run(field.name) } : undefined}
          />
        ) : (
          <TextField
            key={`${provider.id}-${field.name}`}
            control={control}
            name={field.name as ConfigFieldName}
            label={field.label}
            description={description}
            placeholder={field.placeholder}
            autoComplete="off"
            spellCheck={false}
            itemClassName={field.name === "redirectUri" ? "sm:col-span-2" : undefined}
          />
        );
      })}
    </div>
  );
}
