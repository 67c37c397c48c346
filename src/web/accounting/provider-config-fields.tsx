import type { AccountingProviderInfo } from "@core/accounting/providers";
import { TextField } from "@web/components/text-field";
import { PasswordInput } from "@web/components/ui/password-input";
import type { Control } from "react-hook-form";
import { type ConfigFieldName, type ConfigFormOutput, type ConfigFormValues, fieldPlaceholder } from "./config-form";

/**
 * A provider's settings as labelled inputs: the catalogue's fields in its order,
 * secrets masked with a show/hide toggle, optional ones saying so under the input. Shared by the configure dialog
 * and Settings → Financial.
 */
export function ProviderConfigFields({
  provider,
  control,
  storedSecrets,
}: {
  provider: AccountingProviderInfo;
  control: Control<ConfigFormValues, unknown, ConfigFormOutput>;
  storedSecrets: readonly string[];
}) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      {provider.fields.map((field) => (
        <TextField
          key={`${provider.id}-${field.name}`}
          control={control}
          name={field.name as ConfigFieldName}
          label={field.label}
          description={field.required ? field.help : ["Optional.", field.help].filter(Boolean).join(" ")}
          placeholder={fieldPlaceholder(field, storedSecrets)}
          input={field.secret ? PasswordInput : undefined}
          autoComplete={field.secret ? "new-password" : "off"}
          spellCheck={false}
          itemClassName={field.name === "redirectUri" ? "sm:col-span-2" : undefined}
        />
      ))}
    </div>
  );
}
