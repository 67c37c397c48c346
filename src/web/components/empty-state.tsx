import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@web/lib/utils";

/**
 * What a list shows when it has nothing yet: an icon, a short title, what to do, and optionally
 * the button that does it, in a dashed box. `size="page"` when the list is the whole page (its
 * title is then an h2), "card" inside a card.
 */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  size = "card",
}: {
  icon: LucideIcon;
  title: ReactNode;
  children: ReactNode;
  action?: ReactNode;
  size?: "card" | "page";
}) {
  const page = size === "page";
  return (
    <div
      className={cn(
        "flex flex-col items-center border border-dashed px-6 text-center",
        page ? "gap-3 rounded-xl py-16" : "gap-2 rounded-lg py-10",
      )}
    >
      <Icon className={cn("text-muted-foreground", page ? "size-10" : "size-8")} aria-hidden="true" />
      {page ? <h2 className="text-lg font-semibold">{title}</h2> : <p className="font-medium">{title}</p>}
      <p className={cn("max-w-sm text-muted-foreground", !page && "text-sm")}>{children}</p>
      {action}
    </div>
  );
}
