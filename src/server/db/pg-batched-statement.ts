import pg from "pg";

/** The parts of node-postgres's connection and Query that a named run uses (not in its type declarations). */
type Connection = {
  parse(options: { text: string; name?: string }): void;
  bind(options: { portal?: string; statement?: string; values?: unknown[]; valueMapper?: unknown }): void;
  execute(options: { portal?: string; rows?: number }): void;
  describe(options: { type: "P"; name: string }): void;
  sync(): void;
};
type QueryResult = pg.QueryResult<Record<string, unknown>>;
/** node-postgres's Result while a query runs: its columns and their parsers, set from a RowDescription. */
type ResultInternals = {
  command: string | null;
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: Record<string, null> | null;
};
type QueryInternals = {
  name: string;
  values: unknown[];
  portal: string;
  callback?: (error: Error | null, result: QueryResult | QueryResult[]) => void;
  _result: ResultInternals;
  _accumulateRows: boolean;
  _checkForMultirow(): void;
  hasBeenParsed(connection: Connection): boolean;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleError(error: Error, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
  prepare(connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
};
const Query = pg.Query as unknown as new (text: string) => QueryInternals;
/** How node-postgres turns a parameter into its text (a Date, a Buffer, an array, json): the same for a run without a Describe. */
const prepareValue = (pg as unknown as { utils?: { prepareValue?: unknown } }).utils?.prepareValue;
if (typeof prepareValue !== "function") throw new Error("node-postgres no longer exposes utils.prepareValue");

/** A command without parameters (BEGIN, COMMIT) as an unnamed statement in an extended-protocol batch. */
function sendCommand(connection: Connection, text: string): void {
  connection.parse({ text });
  connection.bind({});
  connection.execute({});
}

/**
 * A named statement's result columns as its first run on a connection described them, with the parsers
 * node-postgres chose for them: later runs on that connection send no Describe, and the description is not
 * sent, parsed and turned into parsers again (it was the largest part of node-postgres's own work in a webhook
 * delivery: docs/performance.md, issue 22 §3). PostgreSQL never changes a prepared statement's result columns
 * (it refuses to run one whose would change), so the description stays true while the statement lives, which
 * is as long as the connection.
 */
type RowShape = { fields: unknown[]; parsers: unknown[] | undefined; emptyRow: Record<string, null> };
const shapesOn = new WeakMap<Connection, Map<string, RowShape>>();

function shapesOf(connection: Connection): Map<string, RowShape> {
  let shapes = shapesOn.get(connection);
  if (!shapes) {
    shapes = new Map();
    shapesOn.set(connection, shapes);
  }
  return shapes;
}

/**
 * The empty row each result row is copied from: an ordinary object with the columns in order (node-postgres
 * builds it from an Object.create(null), a dictionary, and every row copied from that is one too).
 */
function emptyRowOf(template: Record<string, null> | null): Record<string, null> {
  const row: Record<string, null> = {};
  for (const key of Object.keys(template ?? {})) row[key] = null;
  return row;
}

/**
 * A named prepared statement, with a transaction's BEGIN before it and/or its COMMIT after it, all in one write
 * and one round trip (node-postgres sends every query on its own and waits for its answer: a BEGIN and a COMMIT
 * were two more trips per webhook delivery, each a socket write and a read of the server process's CPU:
 * docs/performance.md). The commands are unnamed statements of the same extended-protocol batch, ended by one
 * Sync: an error skips everything after it up to the Sync (a failed statement is never committed) and the
 * caller rolls back. Once a run on a connection has described its columns, later runs there send no Describe.
 */
class NamedStatement extends Query {
  /** The columns an earlier run described: this run's rows are read with them when it sends no Describe. */
  private readonly knownShape: RowShape | undefined;
  /** Set when this run sent no Describe (the statement was parsed on this connection and its shape is known). */
  private readsKnownShape: RowShape | undefined;
  private described: RowShape | undefined;

  constructor(
    statement: { name: string; text: string; values: unknown[] },
    private readonly commands: { before: string | null; after: string | null },
    shapes: Map<string, RowShape> | undefined,
  ) {
    // The text alone: node-postgres copies a config object property by property (cloneQueryConfig), at every run.
    super(statement.text);
    this.name = statement.name;
    this.values = statement.values;
    this.knownShape = shapes?.get(statement.name);
  }

  override prepare(connection: Connection): void {
    if (this.commands.before) sendCommand(connection, this.commands.before);
    if (!this.knownShape || !this.hasBeenParsed(connection)) {
      super.prepare(connection);
      return;
    }
    try {
      connection.bind({ portal: this.portal, statement: this.name, values: this.values, valueMapper: prepareValue });
    } catch (error) {
      connection.sync();
      this.handleError(error as Error, connection);
      return;
    }
    this.readsKnownShape = this.knownShape;
    this._getRows(connection, undefined);
  }

  override _getRows(connection: Connection, rows: number | undefined): void {
    connection.execute({ portal: this.portal, rows });
    if (this.commands.after) sendCommand(connection, this.commands.after);
    connection.sync();
  }

  override handleRowDescription(message: unknown): void {
    super.handleRowDescription(message);
    const result = this._result;
    result._prebuiltEmptyResultObject = emptyRowOf(result._prebuiltEmptyResultObject);
    this.described = { fields: result.fields, parsers: result._parsers, emptyRow: result._prebuiltEmptyResultObject };
  }

  override handleDataRow(message: unknown): void {
    const shape = this.readsKnownShape;
    // With no RowDescription in the answer, the statement's first row starts its result (after the BEGIN's, if any).
    if (shape && this._result.fields !== shape.fields) {
      this._checkForMultirow();
      Object.assign(this._result, { fields: shape.fields, _parsers: shape.parsers, _prebuiltEmptyResultObject: shape.emptyRow });
      this._accumulateRows = true;
    }
    super.handleDataRow(message);
  }

  /** Kept once the whole batch succeeded, from a run that sent a Describe (no RowDescription: no columns). */
  rememberShape(shapes: Map<string, RowShape>): void {
    if (this.readsKnownShape) return;
    shapes.set(this.name, this.described ?? { fields: [], parsers: undefined, emptyRow: {} });
  }
}

/**
 * Runs the named statement on `connection`, with `before` and `after` in its trip, and answers its rows: the one
 * way a named statement runs on node-postgres (db/prepared-query.ts, db/transaction-statements.ts,
 * db/statement-transaction.ts). Throws the statement's (or a command's) error; a COMMIT answered ROLLBACK throws
 * too.
 */
export function runWithCommands(
  connection: pg.ClientBase,
  statement: { name: string; text: string; values: unknown[] },
  commands: { before: string | null; after: string | null } = { before: null, after: null },
): Promise<Record<string, unknown>[]> {
  const wire = (connection as unknown as { connection?: Connection }).connection;
  const shapes = wire ? shapesOf(wire) : undefined;
  return new Promise((resolve, reject) => {
    const query = new NamedStatement(statement, commands, shapes);
    let settled = false;
    query.callback = (error, answer) => {
      // node-postgres can call back twice for one run (an error, then the ReadyForQuery after it): the first counts.
      if (settled) return;
      settled = true;
      if (error) return reject(error);
      const results = Array.isArray(answer) ? answer : [answer];
      const last = results[results.length - 1];
      if (commands.after && last?.command !== commands.after.toUpperCase())
        return reject(new Error(`${commands.after} was answered ${last?.command}`));
      if (shapes) query.rememberShape(shapes);
      resolve(results[commands.before ? 1 : 0]?.rows ?? []);
    };
    (connection as unknown as { query: (query: unknown) => unknown }).query(query);
  });
}

/** A named statement on a pooled connection, outside any transaction (node-postgres's pool.query, one trip). */
export async function runNamedOnPool(
  pool: pg.Pool,
  statement: { name: string; text: string; values: unknown[] },
): Promise<Record<string, unknown>[]> {
  const connection = await pool.connect();
  let rows: Record<string, unknown>[];
  try {
    rows = await runWithCommands(connection, statement);
  } catch (error) {
    // As pool.query does: a connection whose query failed is not given back.
    connection.release(error as Error);
    throw error;
  }
  connection.release();
  return rows;
}
