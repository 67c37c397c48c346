import pg from "pg";

/** The parts of node-postgres's connection and Query that a batched run uses (not in its type declarations). */
type Connection = {
  parse(options: { text: string; name?: string }): void;
  bind(options: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(options: { portal?: string; rows?: number }): void;
  sync(): void;
};
type QueryResult = pg.QueryResult<Record<string, unknown>>;
type QueryInternals = {
  portal: string;
  callback?: (error: Error | null, result: QueryResult | QueryResult[]) => void;
  prepare(connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
};
const Query = pg.Query as unknown as new (config: { name: string; text: string; values: unknown[] }) => QueryInternals;

/** A command without parameters (BEGIN, COMMIT) as an unnamed statement in an extended-protocol batch. */
function sendCommand(connection: Connection, text: string): void {
  connection.parse({ text });
  connection.bind({});
  connection.execute({});
}

/**
 * A named prepared statement with a transaction's BEGIN before it and/or its COMMIT after it, all in
 * one write and one round trip (node-postgres sends every query on its own and waits for its answer:
 * a BEGIN and a COMMIT were two more trips per webhook delivery, each a socket write and a read of
 * the server process's CPU: docs/performance.md). The commands are unnamed statements of the same
 * extended-protocol batch, ended by one Sync: an error skips everything after it up to the Sync
 * (a failed statement is never committed) and the caller rolls back.
 */
class StatementWithCommands extends Query {
  constructor(
    config: { name: string; text: string; values: unknown[] },
    private readonly before: string | null,
    private readonly after: string | null,
  ) {
    super(config);
  }

  override prepare(connection: Connection): void {
    if (this.before) sendCommand(connection, this.before);
    super.prepare(connection);
  }

  override _getRows(connection: Connection, rows: number | undefined): void {
    connection.execute({ portal: this.portal, rows });
    if (this.after) sendCommand(connection, this.after);
    connection.sync();
  }
}

/**
 * Runs the named statement on `connection` with `before` and `after` in its trip, and answers its rows.
 * Throws the statement's (or a command's) error; a COMMIT answered ROLLBACK throws too.
 */
export function runWithCommands(
  connection: pg.ClientBase,
  statement: { name: string; text: string; values: unknown[] },
  commands: { before: string | null; after: string | null },
): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const query = new StatementWithCommands(statement, commands.before, commands.after);
    query.callback = (error, answer) => {
      if (error) return reject(error);
      const results = Array.isArray(answer) ? answer : [answer];
      const last = results[results.length - 1];
      if (commands.after && last?.command !== commands.after.toUpperCase())
        return reject(new Error(`${commands.after} was answered ${last?.command}`));
      resolve(results[commands.before ? 1 : 0]?.rows ?? []);
    };
    (connection as unknown as { query: (query: unknown) => unknown }).query(query);
  });
}
