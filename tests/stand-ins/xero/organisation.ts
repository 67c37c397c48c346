import { randomUUID } from "node:crypto";
import { type Answer, notFound, ok, validation, xeroDate } from "./answers.js";
import { XeroTransactions } from "./transactions.js";

/**
 * One Xero organisation (tenant) of the stand-in: its accounts and contacts as Xero's JSON rows,
 * with the rule a sync runs into (active contact names are unique, whatever their case), and its
 * invoices and payments (transactions.ts).
 */
export type Row = Record<string, unknown>;

export class XeroOrganisation {
  /** The Demo Company's accounts; `useRealChart()` swaps in a real organisation's (issue 30 §2). */
  accounts: Row[] = [
    { AccountID: randomUUID(), Code: "200", Name: "Sales", Type: "REVENUE", Class: "REVENUE", Status: "ACTIVE" },
    { AccountID: randomUUID(), Code: "090", Name: "Business Bank Account", Type: "BANK", Class: "ASSET", Status: "ACTIVE" },
    { AccountID: randomUUID(), Code: "610", Name: "Accounts Receivable", Type: "CURRENT", Class: "ASSET", Status: "ACTIVE" },
  ];
  /**
   * The connecting user's role lets them read but not post (Xero: 403 "Not Permitted — User doesn't
   * have permission to access the resource"): every PUT and POST is refused.
   */
  readOnlyUser = false;
  readonly contacts = new Map<string, Row>();
  /** Sales invoices and their payments (transactions.ts). */
  readonly transactions = new XeroTransactions(this);

  constructor(
    readonly tenantId: string,
    public name: string,
    readonly baseCurrency: string,
    readonly currencies: string[],
  ) {}

  organisation(): Answer {
    return ok({
      Organisations: [
        {
          OrganisationID: this.tenantId,
          Name: this.name,
          LegalName: this.name,
          BaseCurrency: this.baseCurrency,
          CountryCode: "US",
        },
      ],
    });
  }

  /**
   * A real organisation's chart: its own codes, and a bank account without a code (Xero: "not all
   * accounts have a code value"), as a practice's chart often looks. Returns the accounts by role.
   */
  useRealChart(): { fees: Row; consulting: Row; bank: Row; receivable: Row } {
    const fees = { AccountID: randomUUID(), Code: "4000", Name: "Legal Fees", Type: "REVENUE", Class: "REVENUE", Status: "ACTIVE" };
    const consulting = { AccountID: randomUUID(), Code: "4100", Name: "Consulting Income", Type: "SALES", Class: "REVENUE", Status: "ACTIVE" };
    const bank = {
      AccountID: randomUUID(),
      Name: "Barclays Client Account",
      Type: "BANK",
      Class: "ASSET",
      Status: "ACTIVE",
      BankAccountNumber: "20325912345678",
      BankAccountType: "BANK",
      CurrencyCode: this.baseCurrency,
    };
    const receivable = { AccountID: randomUUID(), Code: "1100", Name: "Debtors", Type: "CURRENT", Class: "ASSET", Status: "ACTIVE" };
    const archived = { AccountID: randomUUID(), Code: "4900", Name: "Old Income", Type: "REVENUE", Class: "REVENUE", Status: "ARCHIVED" };
    this.accounts = [fees, consulting, bank, receivable, archived];
    return { fees, consulting, bank, receivable };
  }

  /** GET /Accounts, with the one `where` filter a sync sends (Status=="ACTIVE"). */
  getAccounts(where: string | null): Answer {
    let rows = this.accounts;
    if (where) {
      const status = /^\s*Status\s*==\s*"([A-Z]+)"\s*$/.exec(where)?.[1];
      if (!status) return validation({}, `The where clause is not supported by this stand-in: ${where}`);
      rows = rows.filter((row) => row.Status === status);
    }
    return ok({ Accounts: rows.map((row) => ({ ...row, UpdatedDateUTC: xeroDate() })) });
  }

  // Contacts -----------------------------------------------------------------------------------

  getContacts(where: string | null): Answer {
    let rows = [...this.contacts.values()].filter((row) => row.ContactStatus === "ACTIVE");
    if (where) {
      const name = parseNameFilter(where);
      if (name === null) return validation({}, `The where clause is not supported by this stand-in: ${where}`);
      rows = rows.filter((row) => row.Name === name);
    }
    return ok({ Contacts: rows });
  }

  createContacts(body: Row): Answer {
    const input = elements(body, "Contacts")[0] ?? {};
    const name = typeof input.Name === "string" ? input.Name.trim() : "";
    if (!name) return validation(input, "The contact name must be specified.");
    if (this.nameTaken(name, null)) return duplicateContact(input, name);
    const row: Row = {
      ...input,
      ContactID: randomUUID(),
      Name: name,
      ContactStatus: "ACTIVE",
      UpdatedDateUTC: xeroDate(),
    };
    this.contacts.set(row.ContactID as string, row);
    return ok({ Contacts: [row] });
  }

  updateContact(contactId: string, body: Row): Answer {
    const row = this.contacts.get(contactId);
    if (!row) return notFound(`Contact ${contactId}`);
    const input = elements(body, "Contacts")[0] ?? {};
    const name = typeof input.Name === "string" ? input.Name.trim() : (row.Name as string);
    if (!name) return validation(input, "The contact name must be specified.");
    if (this.nameTaken(name, contactId)) return duplicateContact(input, name);
    const next: Row = { ...row, ...input, ContactID: contactId, Name: name, UpdatedDateUTC: xeroDate() };
    this.contacts.set(contactId, next);
    return ok({ Contacts: [next] });
  }

  private nameTaken(name: string, exceptId: string | null): boolean {
    const wanted = name.toLowerCase();
    return [...this.contacts.values()].some(
      (row) => row.ContactID !== exceptId && row.ContactStatus === "ACTIVE" && String(row.Name).toLowerCase() === wanted,
    );
  }
}

/** The rows of a request body: `{Contacts: [...]}` as the SDK sends them, or a single row. */
export function elements(body: Row, plural: string): Row[] {
  const list = body[plural];
  if (Array.isArray(list)) return list as Row[];
  return Object.keys(body).length > 0 ? [body] : [];
}

function duplicateContact(input: Row, name: string): Answer {
  return validation(
    input,
    `The contact name ${name} is already assigned to another contact. The contact name must be unique across all active contacts.`,
  );
}

/** `Name=="..."` with C#-style escapes (\" and \\), the one filter a sync uses; null for anything else. */
export function parseNameFilter(where: string): string | null {
  const match = /^\s*Name\s*==\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(where);
  if (!match) return null;
  return match[1]!.replace(/\\(.)/g, "$1");
}
