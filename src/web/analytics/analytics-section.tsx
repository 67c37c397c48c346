import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import type { ReactNode } from "react";

/** One block of the page: a heading (h2), a sentence on how its numbers are made, its chart and table. */
export function AnalyticsSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
