import { protocol } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { runMessages } from "./pglite-bind-message.js";

// runMessages writes a run's batch itself; PGlite's own serializer is the reference for every byte.

function reference(statement: string, values: (string | null)[], options: { describe: boolean; before?: Uint8Array; after?: Uint8Array }) {
  const parts = [
    ...(options.before ? [options.before] : []),
    protocol.serialize.bind({ statement, values }),
    ...(options.describe ? [protocol.serialize.describe({ type: "P" })] : []),
    protocol.serialize.execute({}),
    protocol.serialize.sync(),
    ...(options.after ? [options.after] : []),
  ];
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}

const begin = protocol.serialize.query("BEGIN");
const commit = protocol.serialize.query("COMMIT");

describe("runMessages", () => {
  const cases: [string, string, (string | null)[]][] = [
    ["no parameters", "tx_1", []],
    ["text, numbers as text, an empty string and nulls", "read_12", ["zoom", "42", "", null, "2026-03-04T05:06:07.000Z", null]],
    ["text beyond ASCII: accents, a euro sign, an emoji, a CJK name and a NUL byte", "tx_200", ["Müller – Zürich €5", "𝄞 🎉", "王小明", "\u0000x"]],
    ["a long json parameter", "tx_7", [JSON.stringify({ participants: Array.from({ length: 200 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@example.com` })) })]],
  ];

  for (const [what, statement, values] of cases) {
    it(`writes the bytes PGlite's serializer writes: ${what}`, () => {
      for (const options of [
        { describe: true },
        { describe: false },
        { describe: false, before: begin },
        { describe: true, before: begin, after: commit },
        { describe: false, after: commit },
      ])
        expect([...runMessages(statement, values, options)]).toEqual([...reference(statement, values, options)]);
    });
  }
});
