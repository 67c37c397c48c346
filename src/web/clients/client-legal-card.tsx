import { type ClientLegalJson, clientLegalForm, type MatterJson, matterForm } from "@core/contracts/legal-billing";
import { zodResolver } from "@hookform/resolvers/zod";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { EmptyState } from "@web/components/empty-state";
import { QueryGate } from "@web/components/query-gate";
import { SelectField } from "@web/components/select-field";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Form } from "@web/components/ui/form";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import {
  useClientLegal,
  useCreateMatter,
  useDeleteMatter,
  useLegalBillingEnabled,
  useSaveClientLegal,
} from "@web/legal-billing/use-legal-billing";
import { ACTIVITY_CHOICES, fromChoice, NONE, TASK_CHOICES, toChoice } from "@web/legal-billing/utbms-choices";
import { Briefcase, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";

/**
 * A client's legal e-billing (docs/ledes.md), shown only while legal e-billing is on: the client's
 * id in its portal (CLIENT_ID), its matters, and the matter and codes its calls get by default.
 */
export function ClientLegalCard({ clientId }: { clientId: number }) {
  const enabled = useLegalBillingEnabled();
  const legal = useClientLegal(clientId, enabled);
  if (!enabled) return null;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle as="h2">Legal e-billing</CardTitle>
        <CardDescription>
          What this client's e-billing portal knows: its ID for you, its matters, and the codes calls get unless you choose
          others.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <QueryGate
          query={legal}
          loading={<Skeleton className="h-48 w-full" />}
          errorMessage="The client's e-billing details could not be loaded."
        >
          {(data) => (
            <>
              <ClientLegalForm key={JSON.stringify(data)} legal={data} />
              <Matters legal={data} />
            </>
          )}
        </QueryGate>
      </CardContent>
    </Card>
  );
}

function ClientLegalForm({ legal }: { legal: ClientLegalJson }) {
  const save = useSaveClientLegal(legal.clientId);
  const form = useForm({
    resolver: zodResolver(clientLegalForm),
    defaultValues: {
      ledesClientId: legal.ledesClientId ?? "",
      defaultMatterId: legal.defaultMatterId,
      defaultTaskCode: legal.defaultTaskCode,
      defaultActivityCode: legal.defaultActivityCode,
    },
  });
  const matterChoices = [
    { value: NONE, label: "No default matter" },
    ...legal.matters.map((matter) => ({ value: String(matter.id), label: matterLabel(matter) })),
  ];
  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        aria-label="Client e-billing details"
      >
        <TextField
          control={form.control}
          name="ledesClientId"
          label="Client's e-billing ID (CLIENT_ID)"
          description="The ID this client's portal expects for you or for them."
          autoComplete="off"
        />
        <SelectField
          control={form.control}
          name="defaultMatterId"
          label="Default matter"
          choices={matterChoices}
          toChoice={(value) => (typeof value === "number" ? String(value) : NONE)}
          fromChoice={(choice) => (choice === NONE ? null : Number(choice))}
        />
        <SelectField
          control={form.control}
          name="defaultTaskCode"
          label="Default task code"
          choices={TASK_CHOICES}
          toChoice={toChoice}
          fromChoice={fromChoice}
        />
        <SelectField
          control={form.control}
          name="defaultActivityCode"
          label="Default activity code"
          description="Unset: A106 for calls with the client, A108 with anyone else."
          choices={ACTIVITY_CHOICES}
          toChoice={toChoice}
          fromChoice={fromChoice}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            Save e-billing details
          </Button>
        </div>
      </form>
    </Form>
  );
}

export const matterLabel = (matter: MatterJson): string =>
  `${matter.lawFirmMatterId} · client's ${matter.clientMatterId}${matter.description ? ` · ${matter.description}` : ""}`;

function Matters({ legal }: { legal: ClientLegalJson }) {
  const [deleting, setDeleting] = useState<MatterJson | null>(null);
  const remove = useDeleteMatter(() => setDeleting(null));
  return (
    <section aria-labelledby="matters-title" className="grid gap-3">
      <h3 id="matters-title" className="text-base font-semibold">
        Matters
      </h3>
      {legal.matters.length === 0 ? (
        <EmptyState icon={Briefcase} title="No matters yet">
          Add the matter with your number and the client's; portals file every line under a matter.
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-md border">
          {legal.matters.map((matter) => (
            <li key={matter.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 break-words">{matterLabel(matter)}</span>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => setDeleting(matter)}
                aria-label={`Delete matter ${matter.lawFirmMatterId}`}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddMatterForm clientId={legal.clientId} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={`Delete matter ${deleting?.lawFirmMatterId ?? ""}?`}
        description="Calls that named it fall back to the client's default matter. A matter on an invoice cannot be deleted."
        confirmLabel="Delete matter"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={() => (deleting ? remove.mutate(deleting) : undefined)}
      />
    </section>
  );
}

function AddMatterForm({ clientId }: { clientId: number }) {
  const form = useForm({
    resolver: zodResolver(matterForm),
    defaultValues: { lawFirmMatterId: "", clientMatterId: "", description: "" },
  });
  const create = useCreateMatter(clientId, () => form.reset());
  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
        className="grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
        noValidate
        aria-label="Add a matter"
      >
        <TextField control={form.control} name="lawFirmMatterId" label="Your matter number" autoComplete="off" />
        <TextField control={form.control} name="clientMatterId" label="Client's matter number" autoComplete="off" />
        <TextField control={form.control} name="description" label="Description" autoComplete="off" />
        <Button type="submit" variant="outline" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
          Add matter
        </Button>
      </form>
    </Form>
  );
}
