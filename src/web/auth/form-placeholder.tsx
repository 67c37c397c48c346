import { Skeleton } from "@web/components/ui/skeleton";

/**
 * Stands in for an /auth form while its code (zod and react-hook-form, about 45 KB) loads: the
 * heading paints first, and the form's fields take the same room, so nothing moves when it arrives.
 */
export function FormPlaceholder({ fields, label }: { fields: number; label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="grid gap-4">
      {Array.from({ length: fields }, (_, index) => (
        // The placeholders are all alike and never reorder.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
      <Skeleton className="mt-2 h-9 w-full" />
    </div>
  );
}

/** The Sign Up / Sign In tabs while they load: the tab bar and the sign-up card's room. */
export function AuthTabsPlaceholder() {
  return (
    <div className="grid gap-2">
      <Skeleton className="h-9 w-full" />
      <div className="rounded-xl border p-6">
        <FormPlaceholder fields={5} label="Loading the sign-up form" />
      </div>
    </div>
  );
}
