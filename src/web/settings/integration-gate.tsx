import { type GatedQuery, QueryGate } from "@web/components/query-gate";
import type { ReactNode } from "react";
import { FieldsSkeleton } from "./fields-skeleton";

/**
 * How every Settings → Integrations tab waits for its record: a form-sized skeleton ("Loading
 * {what}"), then "The {what} could not be loaded." with Try again, else the tab.
 */
export function IntegrationGate<T>({
  query,
  what,
  fields,
  children,
}: {
  query: GatedQuery<T>;
  /** What the tab shows, as in "the Teams integration". */
  what: string;
  /** How many form fields the skeleton stands for. */
  fields: number;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryGate
      query={query}
      loading={<FieldsSkeleton fields={fields} label={`Loading ${what}`} className="gap-4" />}
      errorMessage={`The ${what} could not be loaded.`}
    >
      {children}
    </QueryGate>
  );
}
