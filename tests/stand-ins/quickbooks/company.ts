import {
  type Answer,
  duplicateName,
  invalidReference,
  objectNotFound,
  ok,
  type Row,
  requiredMissing,
  staleObject,
} from "./answers.js";
import { matches, parseQuery, QuerySyntaxError } from "./query.js";

/**
 * One QuickBooks Online company (realm) of the stand-in: its customers, items, accounts,
 * invoices and payments as QuickBooks' JSON rows, with Id and SyncToken. Creates and sparse
 * updates follow QuickBooks' rules that matter to a sync: SyncToken must be the current one (else
 * "Stale Object Error") and goes up by one on every change; DisplayName and item Name are unique;
 * references must name existing, active rows. Invoices and payments are in transactions.ts.
 */
export type EntityName = "Customer" | "Item" | "Invoice" | "Payment" | "Account" | "TaxCode";

/** A company's country as CompanyInfo.Country says it; UK, Canada and Australia require a tax code per line. */
export type CompanyCountry = "US" | "GB" | "CA" | "AU";

/** Each country's home currency, tax codes (as a new company of that country lists them) and 6000 wording. */
const COUNTRIES: Record<CompanyCountry, { currency: string; taxWord: string; codes: Record<string, unknown>[] }> = {
  US: {
    currency: "USD",
    taxWord: "sales tax rate",
    codes: [
      { Id: "TAX", Name: "TAX", Description: "TAX", Taxable: true },
      { Id: "NON", Name: "NON", Description: "NON", Taxable: false },
    ],
  },
  GB: {
    currency: "GBP",
    taxWord: "VAT rate",
    codes: [
      { Id: "2", Name: "20.0% S", Description: "Standard rated 20%", Taxable: true },
      { Id: "4", Name: "Exempt", Description: "Exempt", Taxable: false },
      { Id: "6", Name: "No VAT", Description: "No VAT", Taxable: false },
      { Id: "7", Name: "0.0% Z", Description: "Zero-rated", Taxable: true },
    ],
  },
  CA: {
    currency: "CAD",
    taxWord: "GST/HST rate",
    codes: [
      { Id: "3", Name: "HST ON", Description: "HST Ontario 13%", Taxable: true },
      { Id: "5", Name: "Exempt", Description: "Exempt", Taxable: false },
      { Id: "9", Name: "Zero-rated", Description: "Zero-rated", Taxable: true },
    ],
  },
  AU: {
    currency: "AUD",
    taxWord: "GST rate",
    codes: [
      { Id: "10", Name: "GST", Description: "GST 10%", Taxable: true },
      { Id: "11", Name: "FRE", Description: "GST free", Taxable: false },
    ],
  },
};

export class QuickBooksCompany {
  readonly rows: Record<EntityName, Map<string, Row>> = {
    Customer: new Map(),
    Item: new Map(),
    Invoice: new Map(),
    Payment: new Map(),
    Account: new Map(),
    TaxCode: new Map(),
  };
  #sequence = 0;
  country: CompanyCountry = "US";
  homeCurrency = "USD";
  multiCurrencyEnabled = false;
  usingSalesTax = true;
  /** The company's QuickBooks subscription or trial ended: writes are refused with fault 6190 (issue 30 §5). */
  subscriptionLapsed = false;
  /** The user who connected lost access to the company: every call answers 401 with fault 120. */
  userLostAccess = false;

  constructor(
    readonly realmId: string,
    public companyName: string,
  ) {
    // The accounts and item every new QuickBooks company starts with (the ones a sync refers to).
    this.insert("Account", { Name: "Services", AccountType: "Income", Active: true }, "1");
    this.insert("Account", { Name: "Accounts Receivable (A/R)", AccountType: "Accounts Receivable", Active: true }, "84");
    this.insert(
      "Item",
      { Name: "Services", Type: "Service", IncomeAccountRef: { value: "1", name: "Services" }, Active: true },
      "1",
    );
    this.setCountry("US");
    this.#sequence = 100;
  }

  /** The company as one of that country: its home currency and tax codes (a new company's list). */
  setCountry(country: CompanyCountry, options: { multiCurrency?: boolean } = {}): void {
    const setup = COUNTRIES[country];
    this.country = country;
    this.homeCurrency = setup.currency;
    this.multiCurrencyEnabled = options.multiCurrency ?? false;
    this.rows.TaxCode.clear();
    for (const code of setup.codes) this.insert("TaxCode", { ...code, Active: true }, String(code.Id));
  }

  /** UK, Canadian and Australian companies (using sales tax) refuse a line without a TaxCodeRef. */
  get requiresTaxCode(): boolean {
    return this.country !== "US" && this.usingSalesTax;
  }

  /** Intuit's 6000 refusal of a line without a tax code, in the country's words. */
  get missingTaxCodeDetail(): string {
    return `Business Validation Error: Make sure all your transactions have a ${COUNTRIES[this.country].taxWord} before you save.`;
  }

  preferences(): Answer {
    return ok({
      Preferences: {
        Id: "1",
        SyncToken: "0",
        CurrencyPrefs: { MultiCurrencyEnabled: this.multiCurrencyEnabled, HomeCurrency: { value: this.homeCurrency } },
        TaxPrefs: { UsingSalesTax: this.usingSalesTax },
      },
    });
  }

  insert(entity: EntityName, fields: Record<string, unknown>, id?: string): Row {
    const now = new Date().toISOString();
    const row: Row = { ...fields, Id: id ?? this.nextId(), SyncToken: "0", MetaData: { CreateTime: now, LastUpdatedTime: now } };
    this.rows[entity].set(row.Id, row);
    return row;
  }

  nextId(): string {
    this.#sequence += 1;
    return String(this.#sequence);
  }

  /** Replaces a row after a change: SyncToken up by one, LastUpdatedTime now. */
  save(entity: EntityName, row: Row): Row {
    const meta = (row.MetaData ?? {}) as Record<string, unknown>;
    const saved: Row = {
      ...row,
      SyncToken: String(Number(row.SyncToken) + 1),
      MetaData: { ...meta, LastUpdatedTime: new Date().toISOString() },
    };
    this.rows[entity].set(saved.Id, saved);
    return saved;
  }

  /** The row a sparse or full update names, or the Fault QuickBooks answers. */
  updatable(entity: EntityName, body: Record<string, unknown>): { row: Row } | { refused: Answer } {
    const row = this.rows[entity].get(String(body.Id));
    if (!row) return { refused: objectNotFound(`${entity} ${String(body.Id)}`) };
    if (String(body.SyncToken) !== row.SyncToken) return { refused: staleObject() };
    return { row };
  }

  /** Applies an update body: sparse keeps the fields not sent, full replaces them. */
  merged(row: Row, body: Record<string, unknown>): Row {
    const { sparse, SyncToken: _token, ...fields } = body;
    const base = sparse === true ? row : { Id: row.Id, SyncToken: row.SyncToken, MetaData: row.MetaData };
    return { ...base, ...fields, Id: row.Id, SyncToken: row.SyncToken } as Row;
  }

  activeRow(entity: EntityName, id: string | null): Row | null {
    const row = id ? this.rows[entity].get(id) : undefined;
    return row && row.Active !== false ? row : null;
  }

  postCustomer(body: Record<string, unknown>): Answer {
    const name = typeof body.DisplayName === "string" ? body.DisplayName.trim() : "";
    if (body.Id !== undefined) {
      const found = this.updatable("Customer", body);
      if ("refused" in found) return found.refused;
      const next = this.merged(found.row, body);
      if (typeof next.DisplayName !== "string" || !next.DisplayName) return requiredMissing("DisplayName");
      if (this.nameTaken("Customer", "DisplayName", next.DisplayName, next.Id)) return duplicateName();
      return ok({ Customer: this.save("Customer", { ...next, FullyQualifiedName: next.DisplayName }) });
    }
    if (!name) return requiredMissing("DisplayName");
    if (this.nameTaken("Customer", "DisplayName", name, null)) return duplicateName();
    const row = this.insert("Customer", { Active: true, Balance: 0, ...body, DisplayName: name, FullyQualifiedName: name });
    return ok({ Customer: row });
  }

  postItem(body: Record<string, unknown>): Answer {
    let next: Record<string, unknown> = { Active: true, Type: "Service", ...body };
    if (body.Id !== undefined) {
      const found = this.updatable("Item", body);
      if ("refused" in found) return found.refused;
      next = this.merged(found.row, body);
    }
    const name = typeof next.Name === "string" ? next.Name.trim() : "";
    if (!name) return requiredMissing("Name");
    if (this.nameTaken("Item", "Name", name, typeof next.Id === "string" ? next.Id : null)) return duplicateName();
    const account = (next.IncomeAccountRef as { value?: unknown } | undefined)?.value;
    const income = typeof account === "string" ? this.activeRow("Account", account) : null;
    if (income?.AccountType !== "Income") return invalidReference("Income account");
    if (typeof next.Id === "string") return ok({ Item: this.save("Item", next as Row) });
    return ok({ Item: this.insert("Item", next) });
  }

  nameTaken(entity: EntityName, field: string, name: string, exceptId: string | null): boolean {
    const wanted = name.toLowerCase();
    return [...this.rows[entity].values()].some(
      (row) => row.Id !== exceptId && typeof row[field] === "string" && (row[field] as string).toLowerCase() === wanted,
    );
  }

  read(entity: EntityName, id: string): Answer {
    const row = this.rows[entity].get(id);
    return row ? ok({ [entity]: row }) : objectNotFound(`${entity} ${id}`);
  }

  query(text: string): Answer {
    try {
      const parsed = parseQuery(text);
      const entity = (Object.keys(this.rows) as EntityName[]).find((name) => name.toLowerCase() === parsed.entity.toLowerCase());
      if (!entity) return { status: 400, body: queryFault(`Invalid query: unknown entity ${parsed.entity}`) };
      const activeByDefault = entity === "Customer" || entity === "Item" || entity === "Account" || entity === "TaxCode";
      const found = [...this.rows[entity].values()].filter((row) => matches(row, parsed.conditions, activeByDefault));
      return ok({ QueryResponse: found.length ? { [entity]: found, startPosition: 1, maxResults: found.length } : {} });
    } catch (error) {
      if (error instanceof QuerySyntaxError) return { status: 400, body: queryFault(`QueryParserError: ${error.message}`) };
      throw error;
    }
  }
}

function queryFault(detail: string) {
  return { Fault: { Error: [{ Message: "Error parsing query", Detail: detail, code: "4000" }], type: "ValidationFault" } };
}
