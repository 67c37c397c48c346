import { Construction } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { PageHeader } from "./page-header";

/** Stand-in for a signed-in screen that a later release fills in. */
export function ComingLater({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
        <Construction className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">This screen is coming in a later release.</p>
        <Button asChild variant="outline">
          <Link href="/">Back to Dashboard</Link>
        </Button>
      </div>
    </>
  );
}
