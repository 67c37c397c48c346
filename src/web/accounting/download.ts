import { apiRequest } from "@web/lib/api";
import { saveFile } from "@web/lib/save-file";

/** The file name the server chose (Content-Disposition), else the fallback. */
export function attachmentName(response: Response, fallback: string): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** GETs a file with the session cookie and saves it under the server's name (or the fallback). */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const response = await apiRequest("GET", url);
  const fileName = attachmentName(response, fallbackName);
  saveFile(await response.blob(), fileName);
  return fileName;
}

/** "?from=2026-03-01&to=2026-03-31", or "" when neither is set. */
export function rangeQuery(range: { from?: string; to?: string } | undefined): string {
  const params = new URLSearchParams();
  if (range?.from) params.set("from", range.from);
  if (range?.to) params.set("to", range.to);
  const query = params.toString();
  return query ? `?${query}` : "";
}
