import { FileText, History, Play, Users } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";

/** Quick Actions: Call Tracking, Clients, Invoices. */
export function QuickActions({ onStartCall, onLogCall }: { onStartCall: () => void; onLogCall: () => void }) {
  return (
    <section aria-labelledby="quick-actions-title" className="mb-6">
      <h2 id="quick-actions-title" className="mb-3 text-lg font-semibold">
        Quick Actions
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle as="h3" className="flex items-center gap-2">
              <Play className="size-4 text-primary" aria-hidden="true" />
              Call Tracking
            </CardTitle>
            <CardDescription>Time a call as it happens, or log one afterwards.</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto flex flex-wrap gap-2">
            <Button onClick={onStartCall}>Start Call Timer</Button>
            <Button variant="outline" onClick={onLogCall}>
              <History aria-hidden="true" />
              Log past call
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3" className="flex items-center gap-2">
              <Users className="size-4 text-primary" aria-hidden="true" />
              Clients
            </CardTitle>
            <CardDescription>Rates, contact details and each client's activity.</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            <Button asChild variant="outline">
              <Link href="/clients">View Clients</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3" className="flex items-center gap-2">
              <FileText className="size-4 text-primary" aria-hidden="true" />
              Invoices
            </CardTitle>
            <CardDescription>Turn tracked time into invoices and follow payment.</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            <Button asChild variant="outline">
              <Link href="/invoices">View Invoices</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
