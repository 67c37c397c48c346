import { type LucideIcon, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { cn } from "@web/lib/utils";

/**
 * Shown on a signed-in screen without a session. "Log In" goes through /api/login, which
 * leads to the /auth screen.
 */
export function AccessDenied({ message = "Please log in to access this page." }: { message?: string }) {
  return (
    <NoticeCard
      icon={Lock}
      title="Access Denied"
      action={
        <Button asChild className="w-full sm:w-auto">
          <a href="/api/login">Log In</a>
        </Button>
      }
    >
      {message}
    </NoticeCard>
  );
}

/**
 * A refusal or notice in one card mid-page: a round icon, the page's h1, why, and the one way on.
 * Lives here, not in a module of its own, because the public entry bundles this file: a new
 * module shared with lazy pages made the bundler split Card into an extra landing-page request.
 * `className` is the height and padding of the area the card is centred in.
 */
export function NoticeCard({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex w-full items-center justify-center py-12", className ?? "min-h-[60vh] px-4")}>
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted">
            <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{children}</CardDescription>
        </CardHeader>
        <CardContent>{action}</CardContent>
      </Card>
    </div>
  );
}
