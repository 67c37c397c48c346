import type { AccountingProviderId } from "../../../core/accounting/providers.js";
import type { AccountingProvider } from "../provider.js";
import { freshbooksProvider } from "./freshbooks/freshbooks.js";
import { netsuiteProvider } from "./netsuite/netsuite.js";
import { quickbooksProvider } from "./quickbooks/quickbooks.js";
import { sageProvider } from "./sage/sage.js";
import { waveProvider } from "./wave/wave.js";
import { xeroProvider } from "./xero/xero.js";

/**
 * The provider files that talk to an API, by id (csv and timberline produce files instead:
 * accounting/exports/). The sync engine and the routes look providers up here and nowhere else.
 */
const providers: Partial<Record<AccountingProviderId, AccountingProvider>> = {
  // Each provider file registers here: quickbooks, xero, freshbooks, wave, sage, netsuite.
  quickbooks: quickbooksProvider,
  netsuite: netsuiteProvider,
  freshbooks: freshbooksProvider,
  wave: waveProvider,
  sage: sageProvider,
  xero: xeroProvider,
};

export function apiProviderFor(id: AccountingProviderId): AccountingProvider | null {
  return providers[id] ?? null;
}
