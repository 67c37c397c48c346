/**
 * A named statement's run as the bytes of one protocol batch: Bind (the unnamed portal, every parameter as text,
 * text results), Describe of the portal when asked, Execute and Sync, with a command's bytes before it (a
 * transaction's BEGIN) and after it (its COMMIT). Written straight into one buffer: PGlite's serializer (the
 * node-postgres writer, its private fields compiled to WeakMap lookups) grew and copied a buffer per message and
 * looked each field up at every byte it added, about 4 % of a webhook delivery's CPU (docs/performance.md, issue 22
 * §3). The bytes are exactly the ones PGlite's `protocol.serialize` writes for the same messages
 * (pglite-bind-message.test.ts compares them).
 */

const encoder = new TextEncoder();

const BIND = 0x42; // 'B'
const DESCRIBE_PORTAL = Uint8Array.of(0x44, 0, 0, 0, 6, 0x50, 0); // 'D', length 6, 'P', the unnamed portal
const EXECUTE_ALL_ROWS = Uint8Array.of(0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0); // 'E', length 9, the unnamed portal, no row limit
const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4); // 'S', length 4

export type RunMessages = { describe: boolean; before?: Uint8Array; after?: Uint8Array };

/** The run of the prepared statement named `statement` with `values`, as one batch's bytes. */
export function runMessages(statement: string, values: readonly (string | null)[], options: RunMessages): Uint8Array {
  const { before, after } = options;
  // An upper bound: UTF-8 takes at most three bytes for each UTF-16 unit of a string.
  let bound = (before?.length ?? 0) + 1 + 4 + 1 + statement.length * 3 + 1 + 2 + 2 * values.length + 2 + 2;
  for (const value of values) bound += 4 + (value === null ? 0 : value.length * 3);
  bound += DESCRIBE_PORTAL.length + EXECUTE_ALL_ROWS.length + SYNC.length + (after?.length ?? 0);

  const bytes = new Uint8Array(bound);
  const view = new DataView(bytes.buffer);
  let at = 0;
  if (before) {
    bytes.set(before, at);
    at += before.length;
  }
  const bindStart = at;
  bytes[at] = BIND;
  at += 5; // its length is written once known
  bytes[at++] = 0; // the unnamed portal
  at += encoder.encodeInto(statement, bytes.subarray(at)).written;
  bytes[at++] = 0;
  view.setUint16(at, values.length);
  at += 2 + 2 * values.length; // every parameter's format code: 0, text (the buffer starts zeroed)
  view.setUint16(at, values.length);
  at += 2;
  for (const value of values) {
    if (value === null) {
      view.setInt32(at, -1);
      at += 4;
      continue;
    }
    const written = encoder.encodeInto(value, bytes.subarray(at + 4)).written;
    view.setInt32(at, written);
    at += 4 + written;
  }
  at += 2; // no result format codes: every column as text
  view.setInt32(bindStart + 1, at - bindStart - 1);
  for (const part of [options.describe ? DESCRIBE_PORTAL : null, EXECUTE_ALL_ROWS, SYNC, after ?? null]) {
    if (!part) continue;
    bytes.set(part, at);
    at += part.length;
  }
  return bytes.subarray(0, at);
}
