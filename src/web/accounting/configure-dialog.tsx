import type { AccountingProviderInfo } from "@core/accounting/providers";
import type { FinancialIntegrationJson } from "@core/contracts/financial-integrations";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { useForm } from "react-hook-form";
import { type ConfigFormOutput, type ConfigFormValues, configFormDefaults, configFormSchema } from "./config-form";
import { ProviderConfigFields } from "./provider-config-fields";
import { useSaveIntegration } from "./use-financial-actions";

type ConfigureDialogProps = {
  provider: AccountingProviderInfo;
  record: FinancialIntegrationJson | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Connect or Configure a provider: its fields from the catalogue, secrets masked
 * and never shown back; csv has no form, only Enable CSV Export. Saving an OAuth provider that is
 * not yet authorised goes on to the provider's consent page.
 */
export function ConfigureDialog({ provider, record, open, onOpenChange }: ConfigureDialogProps) {
  const verb = record ? "Configure" : "Connect";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {verb} {provider.name}
          </DialogTitle>
          <DialogDescription>{dialogDescription(provider)}</DialogDescription>
        </DialogHeader>
        {open ? (
          provider.fields.length === 0 ? (
            <EnableWithoutSettings provider={provider} onDone={() => onOpenChange(false)} />
          ) : (
            <ConfigureForm provider={provider} record={record} onDone={() => onOpenChange(false)} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function dialogDescription(provider: AccountingProviderInfo): string {
  switch (provider.method) {
    case "oauth":
      return `Enter your ${provider.name} app's credentials. After saving, ${provider.name} asks you to allow Minutely access and sends you back here.`;
    case "none":
      return "Invoice lines as a spreadsheet any accounting package imports. Nothing leaves Minutely until you download it.";
    case "database":
      return provider.note ?? `Your ${provider.name} connection settings.`;
    default:
      return `Your ${provider.name} credentials. Minutely checks them with ${provider.name} when you save.`;
  }
}

/** csv: no form, only "Enable CSV Export". */
function EnableWithoutSettings({ provider, onDone }: { provider: AccountingProviderInfo; onDone: () => void }) {
  const save = useSaveIntegration(onDone);
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onDone}>
        Cancel
      </Button>
      <Button type="button" disabled={save.isPending} onClick={() => save.mutate({ provider, config: {} })}>
        {save.isPending ? <Spinner /> : null}
        Enable CSV Export
      </Button>
    </DialogFooter>
  );
}

function ConfigureForm({
  provider,
  record,
  onDone,
}: {
  provider: AccountingProviderInfo;
  record: FinancialIntegrationJson | null;
  onDone: () => void;
}) {
  const storedSecrets = record?.storedSecrets ?? [];
  const save = useSaveIntegration(onDone);
  const form = useForm<ConfigFormValues, unknown, ConfigFormOutput>({
    resolver: zodResolver(configFormSchema(provider, storedSecrets)),
    defaultValues: configFormDefaults(provider, record),
  });
  const continuesToConsent = provider.method === "oauth" && !record?.authorized;
  return (
    <Form {...form}>
      <form noValidate className="grid gap-6" onSubmit={form.handleSubmit((config) => save.mutate({ provider, config }))}>
        <ProviderConfigFields provider={provider} control={form.control} storedSecrets={storedSecrets} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {continuesToConsent ? `Save and connect to ${provider.name}` : "Save"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
