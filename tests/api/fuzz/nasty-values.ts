import fc from "fast-check";

/**
 * Values a careless or hostile caller sends, grouped by what the contract expects in that place,
 * so each field mostly gets values of its own kind that are wrong in interesting ways (and now
 * and then anything at all).
 */
const BAD_TEXT = [
  "a\u0000b",
  "\u0000",
  "\ud800",
  "a\udc00b",
  "\udbff\udfff\ud800",
  "😀".repeat(300),
  "\u202egnp.exe",
  '=HYPERLINK("http://evil.test")',
  "'; drop table clients; --",
  "<script>alert(1)</script>",
  " ",
  "",
  "x".repeat(70_000),
  "%00",
  "\\u0000",
  "9999-12-31",
  "NaN",
];

const FAR_DATES = [
  "9999-12-31",
  "0001-01-01",
  "0000-01-01",
  "1899-12-31",
  "2201-01-01",
  "2026-02-30",
  "2026-13-01",
  "2026-00-10",
  "20260101",
  "+275760-09-13T00:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "2026-01-01T25:00:00Z",
  "2026-01-01T00:00:00+99:00",
  "1970-01-01T00:00:00Z",
];

const BAD_NUMBERS = [0, -1, -0.5, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -2_147_483_649, 1e-9];

/** Ids a path or a body may carry that name record 1 in a non-canonical way, or nothing. */
export const NON_CANONICAL_IDS = (id: number) => [
  `0${id}`,
  `${id}.0`,
  `${id}e0`,
  `+${id}`,
  `%20${id}`,
  `0x${id.toString(16)}`,
  `${id}%00`,
  `-${id}`,
  `${id}abc`,
];

// JSON.parse makes "__proto__" an own key, as it arrives from the wire (an object literal would set the prototype).
const structural = fc.constantFrom<unknown>(null, true, false, [], {}, [null], JSON.parse('{"__proto__": {"polluted": true}}'), {
  constructor: { prototype: { polluted: true } },
});

const badText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BAD_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
);
const badNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BAD_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

export type FieldKind = "text" | "number" | "boolean" | "array" | "object" | "date" | "id" | "any";

/** A wrong value for a field of this kind (mostly), or of any kind (sometimes). */
export function nastyValue(kind: FieldKind): fc.Arbitrary<unknown> {
  const anything = fc.oneof(badText, badNumber, structural, fc.constantFrom(...FAR_DATES));
  const own: Record<FieldKind, fc.Arbitrary<unknown>> = {
    text: badText,
    number: badNumber,
    boolean: fc.constantFrom<unknown>("true", 1, 0, "yes", null),
    array: fc.oneof(fc.array(fc.oneof(badText, badNumber, structural), { maxLength: 4 }), fc.constant(new Array(500).fill(1))),
    object: fc.oneof(structural, fc.dictionary(badText, badText, { maxKeys: 3 })),
    date: fc.constantFrom<unknown>(...FAR_DATES),
    id: fc.oneof(badNumber, fc.constantFrom<unknown>("1.0", "01", "1e0", "0x1", "+1", " 1", "1 ")),
    any: anything,
  };
  return fc.oneof({ weight: 4, arbitrary: own[kind] }, { weight: 1, arbitrary: anything });
}

/** A wrong value for a query-string parameter: always text, since that is all a URL carries. */
export function nastyQueryValue(kind: FieldKind): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: kind === "date" ? fc.constantFrom(...FAR_DATES) : badText.map(String) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_NUMBERS.map(String), ...FAR_DATES, "1e0", "0x10", "-1", "") },
  );
}

/** A whole body that is not the object a route expects. */
export const nastyBody = fc.oneof(badText, badNumber, structural, fc.array(fc.integer(), { maxLength: 3 }));
