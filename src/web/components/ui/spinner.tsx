import { Loader2 } from "lucide-react";
import { cn } from "@web/lib/utils";

/** A decorative spinning icon; pair it with visible or screen-reader text. */
export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={cn("size-4 animate-spin", className)} />;
}

/** A centered spinner with a status message that screen readers announce ("Loading…"). */
export function LoadingState({ label = "Loading…", className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex flex-col items-center justify-center gap-3 py-16", className)}>
      <Spinner className="size-8 text-primary" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}
