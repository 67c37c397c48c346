import type { Account } from "xero-node";
import { accountLabel } from "../../../../core/accounting/choices.js";
import type { ProviderChoice, ProviderChoiceOption, ProviderChoices } from "../../provider.js";
import type { XeroSession, XeroConfig } from "./xero-settings.js";
import { callXero } from "./xero-api.js";

/**
 * The organisation's chart of accounts (docs/accounting.md). Xero's Demo Company books sales to "200" and
 * payments to "090", but a real organisation's chart is its own, and "not all accounts have a code
 * value" (Xero's API documentation): a bank account often has none. So after connecting, GET /Accounts is read and
 * the user picks the sales and payment accounts by name; each choice keeps the AccountID, the Code when
 * there is one, and the name (config: revenueAccount*, paymentAccount*). Invoice lines and payments
 * use the Code when the account has one and the AccountID when it has not (xero.ts).
 */
export type XeroAccount = {
  accountID: string;
  code: string | null;
  name: string;
  type: string;
  accountClass: string;
  enablePaymentsToAccount: boolean;
};

/** The Demo Company's accounts: proposed only when the organisation's chart has them with those types. */
const STANDARD_SALES_CODE = "200";
const STANDARD_BANK_CODE = "090";

/** The active accounts, in Xero's order (by code, then name). */
export async function readXeroAccounts(session: XeroSession): Promise<XeroAccount[]> {
  const body = await callXero(session, "reading the chart of accounts", (api, tenant) =>
    api.getAccounts(tenant, undefined, 'Status=="ACTIVE"'),
  );
  return (body.accounts ?? []).flatMap((account) => {
    const row = accountOf(account);
    return row ? [row] : [];
  });
}

function accountOf(account: Account): XeroAccount | null {
  if (!account.accountID || !account.name) return null;
  if (account.status !== undefined && String(account.status) !== "ACTIVE") return null;
  return {
    accountID: account.accountID,
    code: account.code ? String(account.code) : null,
    name: account.name,
    type: String(account.type ?? ""),
    accountClass: String(account._class ?? ""),
    enablePaymentsToAccount: account.enablePaymentsToAccount === true,
  };
}

/** Income accounts a sales line may be booked to (Xero's REVENUE class: revenue, sales, other income). */
export function salesAccounts(accounts: XeroAccount[]): XeroAccount[] {
  return accounts.filter((account) => account.accountClass === "REVENUE");
}

/** Accounts a payment may go to: bank accounts, or any with "Enable payments to this account" (Xero's rule). */
export function paymentAccounts(accounts: XeroAccount[]): XeroAccount[] {
  return accounts.filter((account) => account.type === "BANK" || account.enablePaymentsToAccount);
}

function option(account: XeroAccount, prefix: "revenueAccount" | "paymentAccount"): ProviderChoiceOption {
  return {
    value: account.accountID,
    label: accountLabel(account.code, account.name) ?? account.name,
    detail: account.code ? null : "No code in Xero: Minutely books to it by its AccountID",
    config: {
      [`${prefix}RemoteId`]: account.accountID,
      [`${prefix}Code`]: account.code ?? "",
      [`${prefix}Name`]: account.name,
    },
  };
}

/** The two lists of the Choose accounts dialog, with what is chosen now. */
export function xeroAccountChoices(accounts: XeroAccount[], config: XeroConfig): ProviderChoices {
  const selected = (prefix: "revenueAccount" | "paymentAccount", list: XeroAccount[]) => {
    const id = config[`${prefix}RemoteId`];
    const code = config[`${prefix}Code`];
    return list.find((account) => (id && account.accountID === id) || (!id && code && account.code === code))?.accountID ?? null;
  };
  const sales = salesAccounts(accounts);
  const payments = paymentAccounts(accounts);
  const choices: ProviderChoice[] = [
    {
      name: "revenueAccount",
      label: "Sales account",
      help: "The income account every invoice line is booked to.",
      required: true,
      selected: selected("revenueAccount", sales),
      options: sales.map((account) => option(account, "revenueAccount")),
    },
    {
      name: "paymentAccount",
      label: "Payment account",
      help: "Where a paid invoice's payment is recorded: a bank account, or one with payments enabled.",
      required: true,
      selected: selected("paymentAccount", payments),
      options: payments.map((account) => option(account, "paymentAccount")),
    },
  ];
  return { choices, facts: [] };
}

/**
 * What verify proposes for a chart that has the standard accounts (200 Sales, 090 bank) and no
 * choice yet: the same accounts the Demo Company uses, so nothing changes for such a chart. Any
 * other chart gets no proposal: the card asks the user to choose.
 */
export function proposedXeroAccounts(accounts: XeroAccount[], config: XeroConfig): Record<string, string> {
  const learned: Record<string, string> = {};
  const hasRevenue = Boolean(config.revenueAccountRemoteId || config.revenueAccountCode);
  const hasPayment = Boolean(config.paymentAccountRemoteId || config.paymentAccountCode);
  const sales = salesAccounts(accounts).find((account) => account.code === STANDARD_SALES_CODE);
  const bank = paymentAccounts(accounts).find((account) => account.code === STANDARD_BANK_CODE && account.type === "BANK");
  if (!hasRevenue && sales) Object.assign(learned, option(sales, "revenueAccount").config);
  if (!hasPayment && bank) Object.assign(learned, option(bank, "paymentAccount").config);
  return learned;
}
