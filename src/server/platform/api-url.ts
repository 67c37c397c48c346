/** Whether a request URL (path and query) is an API call rather than a page or an asset. */
export function isApiUrl(url: string): boolean {
  return url.startsWith("/api/") || url === "/api" || url.startsWith("/api?");
}
