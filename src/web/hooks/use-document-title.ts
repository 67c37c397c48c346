import { useEffect } from "react";

export const APP_NAME = "Minutely";

/** Sets the tab title to "<title> · Minutely" (or just "Minutely") while the page is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
