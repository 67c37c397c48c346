import { Lock } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";

/**
 * Shown on a signed-in screen without a session. "Log In" goes through /api/login, which
 * leads to the /auth screen (spec 000 §2.1).
 */
export function AccessDenied({ message = "Please log in to access this page." }: { message?: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted">
            <Lock className="size-6 text-muted-foreground" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="text-2xl">
            Access Denied
          </CardTitle>
          <CardDescription>{message}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full sm:w-auto">
            <a href="/api/login">Log In</a>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
