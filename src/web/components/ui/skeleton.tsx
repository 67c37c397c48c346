import type { ComponentProps } from "react";
import { cn } from "@web/lib/utils";

/** A placeholder block; size it like what it stands for so nothing jumps when data arrives. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />
  );
}
