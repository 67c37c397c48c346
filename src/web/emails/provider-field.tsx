import { EMAIL_PROVIDER_LABELS, EMAIL_PROVIDERS } from "@core/contracts/emails";
import type { ComponentProps } from "react";
import type { FieldValues } from "react-hook-form";
import { SelectField } from "@web/components/select-field";

const PROVIDER_CHOICES = EMAIL_PROVIDERS.map((provider) => ({ value: provider, label: EMAIL_PROVIDER_LABELS[provider] }));

/** "Provider": the mail providers by name, as the mailbox settings and the email search both ask for it. */
export function ProviderField<TValues extends FieldValues>(
  props: Omit<ComponentProps<typeof SelectField<TValues>>, "label" | "placeholder" | "choices">,
) {
  return <SelectField label="Provider" placeholder="Choose a provider" choices={PROVIDER_CHOICES} {...props} />;
}
