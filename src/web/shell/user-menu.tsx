import type { SessionUser } from "@core/contracts/auth";
import { LogOut, Settings, User } from "lucide-react";
import { Link } from "wouter";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { useLogoutMutation } from "@web/hooks/use-auth-mutations";
import { capitalize, initialsOf } from "@web/lib/format";

/** Full name or "User". */
export function displayName(user: Pick<SessionUser, "firstName" | "lastName">): string {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ");
  return name || "User";
}

/** Profession or "Professional". */
export function displayProfession(user: Pick<SessionUser, "profession">): string {
  const profession = user.profession?.trim();
  return profession ? capitalize(profession) : "Professional";
}

/** Avatar with initials; the menu holds Profile, Settings and Sign Out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const logout = useLogoutMutation();
  const name = displayName(user);
  const profession = displayProfession(user);
  const initials = initialsOf(user.firstName, user.lastName) || initialsOf(user.email) || "U";

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex items-center gap-3 rounded-full p-0.5 text-left outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring xl:rounded-lg xl:pr-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        >
          {initials}
        </span>
        <span className="hidden min-w-0 xl:grid">
          <span className="truncate text-sm font-medium">{name}</span>
          <span className="truncate text-xs text-muted-foreground">{profession}</span>
        </span>
        <span className="sr-only xl:hidden">User menu for {name}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{profession}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings?tab=profile">
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          {logout.isPending ? "Signing Out..." : "Sign Out"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
