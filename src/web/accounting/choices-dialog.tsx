import { CHOICES_BUTTON } from "@core/accounting/choices";
import type { AccountingProviderInfo } from "@core/accounting/providers";
import type { AccountingChoicesJson } from "@core/contracts/accounting-choices";
import type { FinancialIntegrationJson } from "@core/contracts/financial-integrations";
import { zodResolver } from "@hookform/resolvers/zod";
import { placeholderKeys } from "@web/clients/placeholder-keys";
import { QueryGate } from "@web/components/query-gate";
import { SelectField } from "@web/components/select-field";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Form } from "@web/components/ui/form";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { ListTree } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type ChoicesFormValues, choicesFormDefaults, choicesFormSchema } from "./choices-form";
import { useAccountingChoices, useSaveAccountingChoices } from "./use-accounting-choices";

/**
 * "Choose accounts" (Xero), "Choose tax code" (QuickBooks), "Choose business" (Sage) on a connected
 * card (docs/accounting.md): the provider's own lists, read live, picked by name.
 */
export function ChoicesButton({
  provider,
  record,
  prominent,
}: {
  provider: AccountingProviderInfo;
  record: FinancialIntegrationJson;
  prominent: boolean;
}) {
  const [open, setOpen] = useState(false);
  const title = CHOICES_BUTTON[provider.id];
  if (!title) return null;
  return (
    <>
      <Button type="button" variant={prominent ? "default" : "outline"} onClick={() => setOpen(true)}>
        <ListTree aria-hidden="true" />
        {title}
        <span className="sr-only"> for {provider.name}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>
              {title} · {provider.name}
            </DialogTitle>
            <DialogDescription>
              The lists come from your {provider.name} {record.organisationName ? `company ${record.organisationName}` : "company"}, as
              they are now.
            </DialogDescription>
          </DialogHeader>
          {open ? <ChoicesLoader record={record} providerName={provider.name} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ChoicesLoader({ record, providerName, onDone }: { record: FinancialIntegrationJson; providerName: string; onDone: () => void }) {
  const choices = useAccountingChoices(record.id, true);
  return (
    <QueryGate
      query={choices}
      loading={
        <div className="grid gap-4" role="status" aria-label={`Reading the lists from ${providerName}`}>
          {placeholderKeys(2).map((key) => (
            <Skeleton key={key} className="h-16 w-full" />
          ))}
        </div>
      }
      errorMessage={`${providerName} could not be asked for its lists.`}
    >
      {(data) => <ChoicesForm data={data} integrationRecordId={record.id} providerName={providerName} onDone={onDone} />}
    </QueryGate>
  );
}

function ChoicesForm({
  data,
  integrationRecordId,
  providerName,
  onDone,
}: {
  data: AccountingChoicesJson;
  integrationRecordId: number;
  providerName: string;
  onDone: () => void;
}) {
  const save = useSaveAccountingChoices(integrationRecordId, onDone);
  const form = useForm<ChoicesFormValues>({
    resolver: zodResolver(choicesFormSchema(data.choices)),
    defaultValues: choicesFormDefaults(data.choices),
  });
  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={form.handleSubmit((values) => save.mutate(chosenOnly(values)))}>
        {data.facts.length > 0 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-muted p-3 text-sm" aria-label={`What ${providerName} says`}>
            {data.facts.map((fact) => (
              <div key={fact.label} className="contents">
                <dt className="text-muted-foreground">{fact.label}</dt>
                <dd className="font-medium">{fact.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {data.choices.map((choice) =>
          choice.options.length === 0 ? (
            <p key={choice.name} role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
              <span className="font-medium">{choice.label}: </span>
              {providerName} has none to offer. Add one in {providerName}, then open this again.
            </p>
          ) : (
            <SelectField
              key={choice.name}
              control={form.control}
              name={choice.name}
              label={choice.label}
              description={describe(choice)}
              placeholder={`Choose a ${choice.label.toLowerCase()}`}
              choices={choice.options.map((option) => ({
                value: option.value,
                label: option.detail ? `${option.label} (${option.detail})` : option.label,
              }))}
            />
          ),
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            Save
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** Only the choices made are sent (an optional one left empty changes nothing). */
function chosenOnly(values: ChoicesFormValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
}

function describe(choice: AccountingChoicesJson["choices"][number]): string | undefined {
  const selected = choice.options.find((option) => option.value === choice.selected);
  const detail = selected?.detail ? ` ${selected.detail}.` : "";
  return choice.help ? `${choice.help}${detail}` : detail.trim() || undefined;
}
