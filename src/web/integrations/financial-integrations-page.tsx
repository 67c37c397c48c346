import { ComingLater } from "@web/components/coming-later";

/** Financial Integrations — placeholder until its feature lands. */
export default function FinancialIntegrationsPage() {
  return <ComingLater title="Financial Integrations" />;
}
