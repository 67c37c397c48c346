import { type PGlite, protocol } from "@electric-sql/pglite";
import { compiledStatementParams, nameOf, type RunStatement } from "./transaction-statements.js";
import { runPreparedOnPglite, runUnnamedOnPglite } from "./pglite-prepared.js";

const BEGIN = protocol.serialize.query("BEGIN");
const COMMIT = protocol.serialize.query("COMMIT");

/**
 * A transaction on PGlite (db/statement-transaction.ts): under PGlite's transaction lock, as its own
 * `transaction()` holds it, with BEGIN sent in the same trip into the database as the first
 * statement and COMMIT in the trip of the statement run with `last` (PGlite's own BEGIN and COMMIT
 * are a simple query and a Sync each, two trips apiece); without one, COMMIT is one trip after
 * `work`. A transaction whose work ran no statement sends nothing. On an error the transaction is
 * rolled back and the error thrown.
 */
export function runInPgliteTransaction<T>(client: PGlite, work: (run: RunStatement) => Promise<T>): Promise<T> {
  return client._runExclusiveTransaction(async () => {
    const state = { begun: false, committed: false };
    const run: RunStatement = async (query, options) => {
      if (state.committed) throw new Error("A statement after the transaction's last one");
      const commands = { before: state.begun ? undefined : BEGIN, after: options?.last ? COMMIT : undefined };
      state.begun = true;
      const { sql, params } = compiledStatementParams(query);
      const name = nameOf(sql);
      const rows = name
        ? await runPreparedOnPglite<Record<string, unknown>>(client, { name, text: sql }, params, "inside-transaction", commands)
        : await runUnnamedOnPglite<Record<string, unknown>>(client, sql, params, commands);
      if (commands.after) state.committed = true;
      return rows;
    };
    try {
      const result = await work(run);
      if (state.begun && !state.committed) await finish(client, "COMMIT");
      return result;
    } catch (error) {
      if (state.begun && !state.committed) await finish(client, "ROLLBACK");
      throw error;
    }
  });
}

async function finish(client: PGlite, command: "COMMIT" | "ROLLBACK"): Promise<void> {
  const { messages } = await client._runExclusiveQuery(() =>
    client.execProtocol(protocol.serialize.query(command), { syncToFs: false }),
  );
  // COMMIT of a transaction that failed is answered ROLLBACK (PGlite's own transaction() checks the same).
  const done = messages.find((message) => message.name === "commandComplete") as { text?: string } | undefined;
  if (command === "COMMIT" && done?.text === "ROLLBACK") throw new Error("The transaction was rolled back at COMMIT");
}
