import type { Page } from "@core/contracts/paging";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiGet } from "./api";

/** The path of one page: the list's key (path and filters) and, after the first page, its cursor. */
export function pagePath(listPath: string, cursor: string | null): string {
  if (cursor === null) return listPath;
  return `${listPath}${listPath.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;
}

/**
 * A keyset-paged list (docs/paging.md): the first page when the screen opens, the next one when the
 * user asks (`fetchNextPage`), each page one request the size of what it shows. `queryKey` is a
 * `queryKeys.*Page(...)` key; refreshing its family (lib/query-refresh.ts) reloads the pages shown.
 */
export function usePagedList<T>(queryKey: readonly [string], options: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({
    queryKey,
    enabled: options.enabled,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      (await apiGet<Page<T>>(pagePath(queryKey[0], pageParam), { on401: "throw", signal })) ?? { items: [], nextCursor: null },
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { ...query, items };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
