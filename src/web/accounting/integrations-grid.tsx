import { ACCOUNTING_PROVIDERS } from "@core/accounting/providers";
import { placeholderKeys } from "@web/clients/placeholder-keys";
import { QueryGate } from "@web/components/query-gate";
import { Skeleton } from "@web/components/ui/skeleton";
import { ProviderCard } from "./provider-card";
import { providerCards } from "./provider-cards-model";
import { useFinancialIntegrations } from "./use-financial-integrations";

const grid = "grid gap-4 md:grid-cols-2 xl:grid-cols-3";

/** The Integrations tab: a card per provider of the catalogue, merged with the account's records. */
export function IntegrationsGrid() {
  const integrations = useFinancialIntegrations();
  return (
    <QueryGate
      query={integrations}
      loading={
        <div className={grid} role="status" aria-label="Loading integrations">
          {placeholderKeys(ACCOUNTING_PROVIDERS.length).map((key) => (
            <Skeleton key={key} className="h-72 w-full rounded-xl" />
          ))}
        </div>
      }
      errorMessage="The financial integrations could not be loaded."
    >
      {(records) => (
        <div className={grid}>
          {providerCards(records).map((card) => (
            <ProviderCard key={card.provider.id} card={card} />
          ))}
        </div>
      )}
    </QueryGate>
  );
}
