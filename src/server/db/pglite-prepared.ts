import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import { deliverRawAnswerNotification } from "./pglite-notifications.js";
import { runMessages } from "./pglite-bind-message.js";
import { readRawAnswer, type ResultColumn } from "./pglite-raw-answer.js";

/** SQL text with $n parameters and a name unique to it (the prepared statement is kept under that name). */
export type Statement = { name: string; text: string };

/** A parameter as the prepared runs pass them: integers, ISO timestamps and text, sent as text. */
export type StatementParam = string | number | null;

/**
 * Whose lock a run takes. "own": a statement outside any transaction takes PGlite's two locks in the
 * order its own query() takes them, so it never runs inside another caller's open transaction (PGlite
 * has a single session). "inside-transaction": a statement of a transaction this caller opened, which
 * already holds the transaction lock, takes the query lock only, as the transaction's own queries do.
 */
export type PgliteLocking = "own" | "inside-transaction";

/**
 * Named prepared statements on PGlite, the embedded database: the one runner for the whole app
 * (Database.queryRows, db/prepared-query.ts and db/transaction-statements.ts all come here). PGlite's
 * query() sends an unnamed statement, so the engine parses and plans the SQL at every call, in six
 * separate trips into WebAssembly. Here a statement is parsed and planned once per database instance,
 * and every run is one batch of protocol messages (Bind, Execute, Sync; Describe at the first run only), written
 * by db/pglite-bind-message.ts. Measured on the client log's query (163 calls): 1.25 → 0.85 ms; the capture
 * transaction's opening statement 1.10 → 0.26 ms.
 *
 * It relies on PGlite members that are not public API (`_runExclusiveTransaction`,
 * `_runExclusiveQuery`, `execProtocol` with `syncToFs`, `parsers`): tests/api/prepared-statements.test.ts
 * pins them, so a PGlite upgrade that changes them fails there first.
 */
export function runPreparedOnPglite<T>(
  client: PGlite,
  statement: Statement,
  params: readonly StatementParam[],
  locking: PgliteLocking,
  commands: Commands = {},
): Promise<T[]> {
  const run = () => client._runExclusiveQuery(() => bindAndExecute<T>(client, statement, params, commands));
  return locking === "own" ? client._runExclusiveTransaction(run) : run();
}

/** Database.queryRows on PGlite: statements outside any transaction. */
export function pglitePreparedQueries(client: PGlite) {
  return <T>(statement: Statement, params: readonly StatementParam[]): Promise<T[]> =>
    runPreparedOnPglite<T>(client, statement, params, "own");
}

/**
 * The statement names each PGlite instance has parsed: they live as long as the instance's session, which can
 * outlive an app (tests lend one embedded database to app after app: tests/helpers/pglite-pool.ts).
 */
const preparedOn = new WeakMap<PGlite, Set<string>>();

/**
 * The shape of a statement's rows, as its first run's Describe answered it: its columns, each with its type's
 * parser (none: it returns no rows).
 */
type RowShape = { columns: ResultColumn[] };
type BackendMessage = Awaited<ReturnType<PGlite["execProtocol"]>>["messages"][number];

/**
 * Each named statement's row description, kept from its first run: PostgreSQL never changes a prepared
 * statement's result columns (it refuses to run one whose would change), so later runs send no Describe
 * and the description is not formatted, copied and parsed again at each run. It was most of the
 * protocol parsing of a webhook delivery's wide rows (docs/performance.md, issue 22 §3).
 */
const shapesOn = new WeakMap<PGlite, Map<string, RowShape>>();

function onInstance<V>(map: WeakMap<PGlite, V>, client: PGlite, make: () => V): V {
  let value = map.get(client);
  if (value === undefined) {
    value = make();
    map.set(client, value);
  }
  return value;
}

/**
 * Simple queries sent in the same trip as a statement (db/pglite-transaction.ts): `before` it (a
 * transaction's BEGIN), whose answer is dropped, and `after` it (its COMMIT), whose answer must not
 * be ROLLBACK (a COMMIT of a failed transaction).
 */
export type Commands = { before?: Uint8Array; after?: Uint8Array };

async function bindAndExecute<T>(
  client: PGlite,
  statement: Statement,
  params: readonly StatementParam[],
  { before, after }: Commands,
): Promise<T[]> {
  const prepared = onInstance(preparedOn, client, () => new Set<string>());
  const shapes = onInstance(shapesOn, client, () => new Map<string, RowShape>());
  if (!prepared.has(statement.name)) {
    // Parsed on its own: a named statement outlives an error later in the same batch (a bad
    // parameter), so it is remembered as soon as the database has it.
    const parseMessage = protocol.serialize.parse({ name: statement.name, text: statement.text });
    await client.execProtocol(concatenate([parseMessage, protocol.serialize.sync()]), { syncToFs: false });
    prepared.add(statement.name);
  }
  const values = params.map((value) => (value === null ? null : String(value)));
  const shape = shapes.get(statement.name);
  // Bind, Describe (the first run only), Execute and Sync, with the commands around them: one buffer (db/pglite-bind-message.ts).
  const message = runMessages(statement.name, values, { describe: !shape, before, after });
  if (shape) return runWithKnownShape<T>(client, message, shape, { before, after });
  // The first run, through PGlite's own reading. Throws the database's error (after the Sync, so the session is
  // ready for the next query).
  const result = await client.execProtocol(message, { syncToFs: false });
  const messages = statementMessages(result.messages, { before, after });
  const description = messages.find((answer) => answer.name === "rowDescription") as RowDescription | undefined;
  shapes.set(statement.name, { columns: columnsOf(client, description) });
  const [rows] = parse.parseResults(messages, client.parsers);
  return (rows?.rows ?? []) as T[];
}

type RowDescription = BackendMessage & { fields: { name: string; dataTypeID: number }[] };

/** The statement's result columns with the parsers PGlite's own reading would use (`client.parsers`). */
function columnsOf(client: PGlite, description: RowDescription | undefined): ResultColumn[] {
  return (description?.fields ?? []).map((field) => ({
    name: field.name,
    typeId: field.dataTypeID,
    parse: client.parsers[field.dataTypeID] ?? null,
  }));
}

/**
 * A later run: its answer's bytes are read here (db/pglite-raw-answer.ts), not made into PGlite's message objects
 * first. Notifications in it go to db/pglite-notifications.ts's listeners.
 */
async function runWithKnownShape<T>(
  client: PGlite,
  message: Uint8Array,
  shape: RowShape,
  { before, after }: Commands,
): Promise<T[]> {
  const chunks: Uint8Array[] = [];
  // The engine hands its output over in pieces that are views of its memory: each is copied before the next.
  await client.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => void chunks.push(chunk.slice()) });
  return readRawAnswer<T>(chunks.length === 1 ? chunks[0]! : concatenate(chunks), shape.columns, {
    skipFirstAnswer: before !== undefined,
    commandAfter: after !== undefined,
    notify: (notification) => deliverRawAnswerNotification(client, notification),
  });
}

/** A statement run without a name (parsed and planned at this run): for texts past the named ones' bound. */
export async function runUnnamedOnPglite<T>(
  client: PGlite,
  text: string,
  params: readonly StatementParam[],
  { before, after }: Commands = {},
): Promise<T[]> {
  const values = params.map((value) => (value === null ? null : String(value)));
  const result = await client._runExclusiveQuery(() =>
    client.execProtocol(
      concatenate([
        ...(before ? [before] : []),
        protocol.serialize.parse({ text }),
        protocol.serialize.bind({ values }),
        protocol.serialize.describe({ type: "P" }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
        ...(after ? [after] : []),
      ]),
      { syncToFs: false },
    ),
  );
  const [rows] = parse.parseResults(statementMessages(result.messages, { before, after }), client.parsers);
  return (rows?.rows ?? []) as T[];
}

/**
 * The statement's own answer out of a trip that also carried a command before it (BEGIN) or after it (COMMIT):
 * the messages up to the first ReadyForQuery belong to the command before, those after the statement's
 * ReadyForQuery to the command after, which must not have rolled the transaction back.
 */
function statementMessages(messages: BackendMessage[], { before, after }: Commands): BackendMessage[] {
  const own = before ? afterFirstReady(messages) : messages;
  if (!after) return own;
  const trailing = afterFirstReady(own);
  checkNotRolledBack(trailing);
  return own.slice(0, own.length - trailing.length);
}

/** A COMMIT sent after a statement is answered ROLLBACK when its transaction had failed: an error, never success. */
function checkNotRolledBack(messages: BackendMessage[]): void {
  const done = messages.find((message) => message.name === "commandComplete") as { text?: string } | undefined;
  if (done?.text === "ROLLBACK") throw new Error("The transaction was rolled back at COMMIT");
}

/** The messages after the first ReadyForQuery: the statement's own, when a prefix query went first. */
function afterFirstReady(messages: BackendMessage[]): BackendMessage[] {
  const ready = messages.findIndex((message) => message.name === "readyForQuery");
  return ready < 0 ? messages : messages.slice(ready + 1);
}

/** Protocol messages (or an answer's chunks) joined into one buffer. */
export function concatenate(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
