import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { useDocumentTitle } from "@web/hooks/use-document-title";

/** Any path no route claims. */
export function NotFound() {
  useDocumentTitle("Page not found");
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild variant="outline" className="w-fit">
            <Link href="/">Go to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
