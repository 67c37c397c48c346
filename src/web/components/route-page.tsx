import { useDocumentTitle } from "@web/hooks/use-document-title";
import type { AppRoute } from "@web/routes";

/** Renders one route's page and names the browser tab after it. */
export function RoutePage({ route }: { route: AppRoute }) {
  useDocumentTitle(route.title);
  const Page = route.component;
  return <Page />;
}
