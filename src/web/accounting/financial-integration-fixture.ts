import type { FinancialIntegrationJson } from "@core/contracts/financial-integrations";

/** A disconnected QuickBooks card as the API answers it, for the screen-model tests to vary. */
export function financialIntegrationFixture(overrides: Partial<FinancialIntegrationJson>): FinancialIntegrationJson {
  return {
    id: 1,
    integrationId: "quickbooks",
    integrationName: "QuickBooks",
    enabled: true,
    status: "disconnected",
    lastSync: null,
    config: {},
    storedSecrets: [],
    authorized: false,
    organisationName: null,
    lastError: null,
    latestRun: null,
    ...overrides,
  };
}
