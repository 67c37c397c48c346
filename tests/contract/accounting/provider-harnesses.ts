import type { AccountingProviderId } from "../../../src/core/accounting/providers.js";
import type { AccountingProvider } from "../../../src/server/accounting/provider.js";
import { freshbooksProvider } from "../../../src/server/accounting/providers/freshbooks/freshbooks.js";
import { netsuiteProvider } from "../../../src/server/accounting/providers/netsuite/netsuite.js";
import { quickbooksProvider } from "../../../src/server/accounting/providers/quickbooks/quickbooks.js";
import { sageProvider } from "../../../src/server/accounting/providers/sage/sage.js";
import { waveProvider } from "../../../src/server/accounting/providers/wave/wave.js";
import { xeroProvider } from "../../../src/server/accounting/providers/xero/xero.js";
import type { AccountingStandInControls, InjectedFailure } from "../../stand-ins/accounting/controls.js";
import {
  consentAndExchange,
  ORDINARY_DEADLINE_MS,
  type TestSession,
  testSession,
} from "../../stand-ins/accounting/test-session.js";
import { type FreshBooksStandIn, startFreshBooksStandIn } from "../../stand-ins/accounting-rest/freshbooks.js";
import { type NetSuiteStandIn, startNetSuiteStandIn } from "../../stand-ins/accounting-rest/netsuite.js";
import { type SageStandIn, startSageStandIn } from "../../stand-ins/accounting-rest/sage.js";
import { startWaveStandIn, type WaveStandIn } from "../../stand-ins/accounting-rest/wave.js";
import { type QuickBooksStandIn, startQuickBooksStandIn } from "../../stand-ins/quickbooks/index.js";
import { startXeroStandIn, type XeroStandIn } from "../../stand-ins/xero/index.js";

/**
 * One entry per accounting provider for the shared contract suite (provider-contract.test.ts): how to
 * start its stand-in, how to get a connected session on it (OAuth providers through their code
 * exchange, the others with their keys), and which request of the stand-in writes each kind of row
 * (so a test can lose exactly that answer). Everything else the suite asks of a provider is the
 * `AccountingProvider` interface and the stand-ins' shared controls (stand-ins/accounting/controls.ts).
 */

/** The request that creates one kind of row, as `failNext` matches it. */
type CreateRequest = Pick<InjectedFailure, "method" | "pathIncludes">;

export type ProviderHarness<S extends AccountingStandInControls = AccountingStandInControls> = {
  id: AccountingProviderId;
  name: string;
  provider: AccountingProvider;
  /** OAuth providers hold tokens the session renews; the others sign each request with stored keys. */
  oauth: boolean;
  start(): Promise<S>;
  /** A connected session on this stand-in (a new OAuth connection each time: its own tokens). */
  session(standIn: S): Promise<TestSession>;
  creates: { customer: CreateRequest; invoice: CreateRequest; payment: CreateRequest };
  /** The currency the payment is booked in (Sage's stand-in company books GBP receipts). */
  paymentCurrency: string;
};

/** The shape every harness has once its stand-in type is forgotten. */
export type AnyProviderHarness = ProviderHarness<AccountingStandInControls>;

const harness = <S extends AccountingStandInControls>(h: ProviderHarness<S>) => h as unknown as AnyProviderHarness;

/** A FreshBooks or Wave connection: the code exchanged directly (their stand-ins consent to any code). */
const exchange = (provider: AccountingProvider, url: string, clientId: string, clientSecret: string) =>
  provider.exchangeCode!({
    clientId,
    clientSecret,
    redirectUri: "https://app.example/api/financial-integrations/oauth/callback",
    code: `code-${Math.random()}`,
    query: {},
    endpoints: { baseUrl: url },
    timeoutMs: ORDINARY_DEADLINE_MS,
  });

export const PROVIDER_HARNESSES: AnyProviderHarness[] = [
  harness<QuickBooksStandIn>({
    id: "quickbooks",
    name: "QuickBooks",
    provider: quickbooksProvider,
    oauth: true,
    start: () => startQuickBooksStandIn({ companyName: "Hartley & Webb LLP" }),
    async session(standIn) {
      const connection = await consentAndExchange(quickbooksProvider, standIn);
      return testSession({
        provider: quickbooksProvider,
        id: "quickbooks",
        baseUrl: standIn.url,
        config: { clientId: standIn.clientId, ...connection.config },
        secrets: { clientSecret: standIn.clientSecret },
        tokens: connection.tokens,
      });
    },
    creates: {
      customer: { method: "POST", pathIncludes: "/customer" },
      invoice: { method: "POST", pathIncludes: "/invoice" },
      payment: { method: "POST", pathIncludes: "/payment" },
    },
    paymentCurrency: "USD",
  }),
  harness<XeroStandIn>({
    id: "xero",
    name: "Xero",
    provider: xeroProvider,
    oauth: true,
    start: () => startXeroStandIn({ organisationName: "Hartley & Webb Ltd" }),
    async session(standIn) {
      const connection = await consentAndExchange(xeroProvider, standIn);
      return testSession({
        provider: xeroProvider,
        id: "xero",
        baseUrl: standIn.url,
        // The Demo chart's accounts, as connecting proposes them (xero-accounts.test.ts covers choosing).
        config: { clientId: standIn.clientId, ...connection.config, revenueAccountCode: "200", paymentAccountCode: "090" },
        secrets: { clientSecret: standIn.clientSecret },
        tokens: connection.tokens,
      });
    },
    creates: {
      customer: { method: "PUT", pathIncludes: "/Contacts" },
      invoice: { method: "PUT", pathIncludes: "/Invoices" },
      payment: { pathIncludes: "/Payments" },
    },
    paymentCurrency: "USD",
  }),
  harness<FreshBooksStandIn>({
    id: "freshbooks",
    name: "FreshBooks",
    provider: freshbooksProvider,
    oauth: true,
    start: () => startFreshBooksStandIn(),
    async session(standIn) {
      const connection = await exchange(freshbooksProvider, standIn.url, "fb-client-id", "fb-client-secret");
      return testSession({
        provider: freshbooksProvider,
        id: "freshbooks",
        baseUrl: standIn.url,
        config: { clientId: "fb-client-id", accountId: standIn.accountId },
        secrets: { clientSecret: "fb-client-secret" },
        tokens: connection.tokens,
      });
    },
    creates: {
      customer: { method: "POST", pathIncludes: "/users/clients" },
      invoice: { method: "POST", pathIncludes: "/invoices/invoices" },
      payment: { method: "POST", pathIncludes: "/payments/payments" },
    },
    paymentCurrency: "USD",
  }),
  harness<WaveStandIn>({
    id: "wave",
    name: "Wave",
    provider: waveProvider,
    oauth: true,
    start: () => startWaveStandIn(),
    async session(standIn) {
      const connection = await exchange(waveProvider, standIn.url, "wave-client-id", "wave-client-secret");
      return testSession({
        provider: waveProvider,
        id: "wave",
        baseUrl: standIn.url,
        config: { clientId: "wave-client-id", businessId: standIn.businessId },
        secrets: { clientSecret: "wave-client-secret" },
        tokens: connection.tokens,
      });
    },
    // One GraphQL endpoint: the stand-in matches the operation's name after a "#".
    creates: {
      customer: { pathIncludes: "#CreateCustomer" },
      invoice: { pathIncludes: "#CreateInvoice" },
      payment: { pathIncludes: "#CreatePayment" },
    },
    paymentCurrency: "USD",
  }),
  harness<SageStandIn>({
    id: "sage",
    name: "Sage",
    provider: sageProvider,
    oauth: false,
    start: () => startSageStandIn(),
    async session(standIn) {
      return testSession({
        provider: sageProvider,
        id: "sage",
        baseUrl: standIn.url,
        config: { revenueAccountId: standIn.revenueAccountId },
        secrets: { apiKey: standIn.apiKey, subscriptionKey: standIn.subscriptionKey },
      });
    },
    creates: {
      customer: { method: "POST", pathIncludes: "/contacts" },
      invoice: { method: "POST", pathIncludes: "/sales_invoices" },
      payment: { method: "POST", pathIncludes: "/contact_payments" },
    },
    paymentCurrency: "GBP",
  }),
  harness<NetSuiteStandIn>({
    id: "netsuite",
    name: "NetSuite",
    provider: netsuiteProvider,
    oauth: false,
    start: () => startNetSuiteStandIn(),
    async session(standIn) {
      return testSession({
        provider: netsuiteProvider,
        id: "netsuite",
        baseUrl: standIn.url,
        config: {
          accountId: "1234567_SB1",
          consumerKey: standIn.secrets.consumerKey,
          tokenId: standIn.secrets.tokenId,
          subsidiaryId: "1",
        },
        secrets: { consumerSecret: standIn.secrets.consumerSecret, tokenSecret: standIn.secrets.tokenSecret },
      });
    },
    // Upserts by external id: every create is a PUT to /{record}/eid:{key}.
    creates: {
      customer: { method: "PUT", pathIncludes: "/customer/" },
      invoice: { method: "PUT", pathIncludes: "/invoice/" },
      payment: { method: "PUT", pathIncludes: "/customerPayment/" },
    },
    paymentCurrency: "USD",
  }),
];
