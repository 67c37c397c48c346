import {
  API_TOKEN_LIFETIMES,
  type ApiTokenCreatedResponse,
  type ApiTokenForm,
  apiTokenForm,
  toCreateApiTokenRequest,
} from "@core/contracts/api-tokens";
import { ROLE_DESCRIPTIONS, ROLE_NAMES, type Role, rolesWithin } from "@core/permissions";
import { zodResolver } from "@hookform/resolvers/zod";
import { SelectField } from "@web/components/select-field";
import { TextField } from "@web/components/text-field";
import { Button } from "@web/components/ui/button";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import { serverMessage } from "@web/lib/api";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { useCreateApiToken } from "./use-api-tokens";

const LIFETIME_CHOICES = API_TOKEN_LIFETIMES.map((days) => ({
  value: String(days),
  label: days === 365 ? "1 year" : `${days} days`,
}));

/**
 * A new token: a name, a role within the person's own (core/permissions.ts rolesWithin: the same rule
 * the server enforces) and an expiry. The parent shows the token once.
 */
export function ApiTokenCreateForm({ role, onCreated }: { role: Role; onCreated: (made: ApiTokenCreatedResponse) => void }) {
  const create = useCreateApiToken();
  const roleChoices = rolesWithin(role).map((value) => ({ value, label: ROLE_NAMES[value] }));
  const form = useForm<ApiTokenForm>({
    resolver: zodResolver(apiTokenForm),
    defaultValues: { name: "", role, expiresInDays: "90" },
  });

  function handleCreate(values: ApiTokenForm) {
    create.mutate(toCreateApiTokenRequest(values), {
      onSuccess: (made) => {
        form.reset({ name: "", role: values.role, expiresInDays: values.expiresInDays });
        onCreated(made);
      },
      onError: (error) => form.setError("name", { message: serverMessage(error, "The token was not made. Please try again.") }),
    });
  }

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid items-start gap-4 sm:grid-cols-[1fr_1fr_1fr_auto]"
        onSubmit={form.handleSubmit(handleCreate)}
      >
        <TextField control={form.control} name="name" label="Name" placeholder="Billing system" autoComplete="off" />
        <SelectField
          control={form.control}
          name="role"
          label="Role"
          choices={roleChoices}
          description={ROLE_DESCRIPTIONS[form.watch("role")]}
        />
        <SelectField control={form.control} name="expiresInDays" label="Expires after" choices={LIFETIME_CHOICES} />
        <Button type="submit" className="w-fit sm:mt-[1.375rem]" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
          Create token
        </Button>
      </form>
    </Form>
  );
}
