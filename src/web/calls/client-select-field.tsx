import { NO_CLIENT } from "@core/contracts/call-forms";
import type { ClientResponse } from "@core/contracts/clients";
import { useQuery } from "@tanstack/react-query";
import { SelectField } from "@web/components/select-field";
import { queryKeys } from "@web/lib/query-keys";
import type { Control, FieldValues, Path } from "react-hook-form";

/** The client of a call, from GET /api/clients ("No client" first unless `allowNone` is false). */
export function ClientSelectField<T extends FieldValues>({
  control,
  name,
  label = "Client",
  allowNone = true,
}: {
  control: Control<T>;
  name: Path<T>;
  label?: string;
  allowNone?: boolean;
}) {
  const clients = useQuery<ClientResponse[]>({ queryKey: queryKeys.clients() });
  const choices = [
    ...(allowNone ? [{ value: NO_CLIENT, label: "No client" }] : []),
    ...(clients.data ?? []).map((client) => ({
      value: String(client.id),
      label: (
        <>
          {client.name}
          {client.company ? <span className="text-muted-foreground"> · {client.company}</span> : null}
        </>
      ),
    })),
  ];
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      placeholder={clients.isLoading ? "Loading clients…" : "Choose a client"}
      choices={choices}
      toChoice={(value) => String(value ?? NO_CLIENT)}
    />
  );
}
