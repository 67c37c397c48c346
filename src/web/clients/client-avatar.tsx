import { avatarColor, avatarInitials } from "@core/avatar";
import { cn } from "@web/lib/utils";

/** Coloured initials: at most two letters, the colour picked by the first one. */
export function ClientAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
        avatarColor(name),
        className,
      )}
    >
      {avatarInitials(name)}
    </span>
  );
}
