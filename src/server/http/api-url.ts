import type { FastifyRequest } from "fastify";

/** Whether a request URL (path and query) is an API call rather than a page or an asset. */
export function isApiUrl(url: string): boolean {
  return url.startsWith("/api/") || url === "/api" || url.startsWith("/api?");
}

/**
 * Whether a request goes to the API, decided by the route the router matched. The router decodes the
 * path, so `/%61pi/auth/logout` runs the `/api/auth/logout` route: a check on the raw URL alone let
 * such a request past the CSRF guard (docs/security.md). A raw URL that already starts with /api
 * can only match an API route or none (then it is the API's JSON 404), so it is answered without
 * asking for the route: `request.routeOptions` builds an object per call, on the hottest path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  if (isApiUrl(request.url)) return true;
  const route = request.routeOptions.url;
  return route !== undefined && isApiUrl(route);
}
