import type { ReactNode } from "react";
import { cn } from "@web/lib/utils";
import { Card, CardContent, CardHeader, CardTitle } from "./ui/card";
import { Skeleton } from "./ui/skeleton";

/**
 * One figure with its title (the dashboard's "Today at a glance", the client log's summary): a
 * placeholder while loading, the value in columns. `compact` is the smaller card the client log uses.
 */
export function StatCard({
  title,
  titleAs,
  value,
  loading,
  testId,
  icon,
  hint,
  compact = false,
}: {
  title: string;
  titleAs: "h2" | "h3";
  value: string;
  loading: boolean;
  testId: string;
  icon?: ReactNode;
  hint?: string;
  compact?: boolean;
}) {
  return (
    <Card className={cn("gap-2", compact && "py-4")}>
      <CardHeader className={compact ? "px-4" : "flex flex-row items-center justify-between"}>
        <CardTitle as={titleAs} className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        {icon ? <span className="text-muted-foreground [&>svg]:size-4">{icon}</span> : null}
      </CardHeader>
      <CardContent className={compact ? "px-4" : undefined}>
        {loading ? (
          <Skeleton className={compact ? "h-7 w-20" : "h-8 w-24"} />
        ) : (
          <p className={cn("font-bold tabular-nums", compact ? "text-xl" : "text-2xl")} data-testid={testId}>
            {value}
          </p>
        )}
        {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}
