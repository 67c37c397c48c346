import { placeholderKeys } from "@web/clients/placeholder-keys";
import { Skeleton } from "@web/components/ui/skeleton";

/** Placeholders the size of a settings form: a label and an input per field, two columns from `sm`. */
export function FieldsSkeleton({ fields, label, className = "gap-6" }: { fields: number; label: string; className?: string }) {
  return (
    <div className={`grid sm:grid-cols-2 ${className}`} role="status" aria-label={label}>
      {placeholderKeys(fields).map((key) => (
        <div key={key} className="grid gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}
