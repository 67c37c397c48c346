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
export type EntityName = "Customer" | "Item" | "Invoice" | "Payment" | "Account";

export class QuickBooksCompany {
  readonly rows: Record<EntityName, Map<string, Row>> = {
    Customer: new Map(),
    Item: new Map(),
    Invoice: new Map(),
    Payment: new Map(),
    Account: new Map(),
  };
  #sequence = 0;

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
    this.#sequence = 100;
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
      const activeByDefault = entity === "Customer" || entity === "Item" || entity === "Account";
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
