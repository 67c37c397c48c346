import type { ClientResponse } from "@core/contracts/clients";
import { Download } from "lucide-react";
import { Button } from "@web/components/ui/button";

/**
 * "Export CSV": the client's calls and emails of the period on screen, as a file the server streams
 * (GET /api/clients/{id}/export.csv, docs/paging.md). A plain link: the browser downloads it with the
 * session cookie, whatever the period holds, without the page holding the rows.
 */
export function ClientExportLink({
  client,
  startDate,
  endDate,
}: {
  client: Pick<ClientResponse, "id" | "name">;
  startDate: string;
  endDate: string;
}) {
  const href = `/api/clients/${client.id}/export.csv?startDate=${startDate}&endDate=${endDate}`;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download aria-label={`Export ${client.name}'s calls and emails of this period as CSV`}>
        <Download aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  );
}
