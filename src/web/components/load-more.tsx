import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

/**
 * Under a paged list (docs/paging.md): how many rows are shown of how many, and "Load more" while
 * there are more. The count is a polite live region, so a screen reader hears the new total.
 */
export function LoadMore({
  shown,
  total,
  noun,
  hasMore,
  isLoading,
  onLoadMore,
}: {
  shown: number;
  /** The whole list's size when the server summed it; unknown otherwise. */
  total?: number;
  /** "calls", "emails", "invoices". */
  noun: string;
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
}) {
  if (!hasMore && (total === undefined || total <= shown)) return null;
  const of = total === undefined ? "" : ` of ${total.toLocaleString("en-US")}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-1">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="load-more-status">
        Showing {shown.toLocaleString("en-US")}
        {of} {noun}
      </p>
      {hasMore ? (
        <Button variant="outline" size="sm" onClick={onLoadMore} disabled={isLoading}>
          {isLoading ? <Spinner /> : null}
          Load more
        </Button>
      ) : null}
    </div>
  );
}
