import type { ClientResponse } from "@core/contracts/clients";
import { NO_CLIENT } from "@core/contracts/calls";
import { useQuery } from "@tanstack/react-query";
import type { Control, FieldValues, Path } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { queryKeys } from "@web/lib/query-keys";

/** The optional client of a call, from GET /api/clients ("No client" first). */
export function ClientSelectField<T extends FieldValues>({
  control,
  name,
  label = "Client",
}: {
  control: Control<T>;
  name: Path<T>;
  label?: string;
}) {
  const clients = useQuery<ClientResponse[]>({ queryKey: queryKeys.clients() });
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={String(field.value ?? NO_CLIENT)} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger>
                <SelectValue placeholder={clients.isLoading ? "Loading clients…" : "Choose a client"} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectItem value={NO_CLIENT}>No client</SelectItem>
              {(clients.data ?? []).map((client) => (
                <SelectItem key={client.id} value={String(client.id)}>
                  {client.name}
                  {client.company ? <span className="text-muted-foreground"> · {client.company}</span> : null}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A select of fixed choices ({ value, label }) as a form field. */
export function ChoiceField<T extends FieldValues>({
  control,
  name,
  label,
  choices,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  choices: readonly { value: string; label: string }[];
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={String(field.value ?? "")} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger>
                <SelectValue placeholder={`Choose ${label.toLowerCase()}`} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {choices.map((choice) => (
                <SelectItem key={choice.value} value={choice.value}>
                  {choice.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
