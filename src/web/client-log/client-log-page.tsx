import { PageHeader } from "@web/components/page-header";
import { InvoicingClientLog } from "@web/invoices/invoicing-client-log";

/** The standalone Client Log: `/client-log?client=ID` opens one client directly. */
export default function ClientLogPage() {
  const param = new URLSearchParams(window.location.search).get("client");
  const initialClientId = param && /^\d+$/.test(param) ? Number(param) : undefined;
  return (
    <>
      <PageHeader title="Client Log" description="Every client's calls and emails, by period." />
      <InvoicingClientLog initialClientId={initialClientId} />
    </>
  );
}
