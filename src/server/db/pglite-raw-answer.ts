import { protocol } from "@electric-sql/pglite";

/**
 * A prepared statement's answer read straight from the protocol bytes PGlite's engine wrote (db/pglite-prepared.ts
 * runs statements whose row description it already holds this way). PGlite's own path makes an object of every
 * message, copies each field into a string and an array, and then the caller walks those messages again to build
 * its rows: about a tenth of a webhook delivery's CPU (docs/performance.md, issue 22 §3). Here the data rows become
 * row objects in one pass, with the statement's column parsers looked up once. Anything out of the ordinary (an
 * error, a notice) is handed to PGlite's own protocol parser, so errors are the very objects PGlite throws.
 */

/** One result column: its name and the parser of its type (PGlite's, from `client.parsers`). */
export type ResultColumn = { name: string; parse: ((text: string, typeId: number) => unknown) | null; typeId: number };

/** A NOTIFY delivered in the answer (the session LISTENs on its channel). */
export type Notification = { channel: string; payload: string };

const ERROR = 0x45; // 'E'
const NOTIFICATION = 0x41; // 'A'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const READY_FOR_QUERY = 0x5a; // 'Z'

const text = new TextDecoder();

/**
 * The statement's rows out of one trip's answer. `skipFirstAnswer`: a command went before the statement (a
 * transaction's BEGIN), whose answer ends at the first ReadyForQuery. `commandAfter`: a command follows it (its
 * COMMIT), whose CommandComplete must not say ROLLBACK (a COMMIT of a failed transaction). Notifications are handed
 * to `notify`. Throws the database's error when the answer carries one.
 */
export function readRawAnswer<T>(
  bytes: Uint8Array,
  columns: readonly ResultColumn[],
  options: { skipFirstAnswer: boolean; commandAfter: boolean; notify: (notification: Notification) => void },
): T[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ownAnswer = options.skipFirstAnswer ? 1 : 0;
  const rows: Record<string, unknown>[] = [];
  let readies = 0;
  for (let at = 0; at + 5 <= bytes.length; ) {
    const type = bytes[at]!;
    const length = view.getUint32(at + 1);
    const body = at + 5;
    const end = at + 1 + length;
    if (type === ERROR) throw databaseError(bytes);
    if (type === READY_FOR_QUERY) readies++;
    else if (type === DATA_ROW && readies === ownAnswer) rows.push(dataRow(bytes, view, body, columns));
    else if (type === NOTIFICATION) options.notify(notification(bytes, body + 4, end));
    else if (type === COMMAND_COMPLETE && options.commandAfter && readies === ownAnswer + 1) {
      if (cString(bytes, body, end) === "ROLLBACK") throw new Error("The transaction was rolled back at COMMIT");
    }
    at = end;
  }
  return rows as T[];
}

function dataRow(bytes: Uint8Array, view: DataView, body: number, columns: readonly ResultColumn[]): Record<string, unknown> {
  const count = view.getUint16(body);
  const row: Record<string, unknown> = {};
  let at = body + 2;
  for (let index = 0; index < count; index++) {
    const length = view.getInt32(at);
    at += 4;
    const column = columns[index]!;
    if (length < 0) {
      row[column.name] = null;
      continue;
    }
    const value = text.decode(bytes.subarray(at, at + length));
    at += length;
    row[column.name] = column.parse ? column.parse(value, column.typeId) : value;
  }
  return row;
}

/** NotificationResponse after its process id: the channel and the payload, each a C string. */
function notification(bytes: Uint8Array, from: number, end: number): Notification {
  const channelEnd = bytes.indexOf(0, from);
  return { channel: text.decode(bytes.subarray(from, channelEnd)), payload: cString(bytes, channelEnd + 1, end) };
}

function cString(bytes: Uint8Array, from: number, end: number): string {
  const zero = bytes.indexOf(0, from);
  return text.decode(bytes.subarray(from, zero < 0 || zero > end ? end : zero));
}

/** The answer's first error as PGlite's own parser makes it (code, detail, constraint…), for the one error path. */
function databaseError(bytes: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(bytes, (message) => {
    if (!error && message.name === "error") error = message as unknown as Error;
  });
  return error ?? new Error("The database answered an error it did not describe");
}
