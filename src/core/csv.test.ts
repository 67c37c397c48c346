import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvDocument, csvField, csvNumber, FORMULA_TRIGGERS, safeCsvCell } from "./csv.js";

describe("safeCsvCell", () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', '\'=HYPERLINK("http://evil","x")'],
    ["+1 555 123 4567", "'+1 555 123 4567"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+1", "'\t'=1+1"],
    ["\r=1+1", "'\r'=1+1"],
    ["Smith;=1+1", "Smith;'=1+1"],
    ["\uFF1D1+1", "'\uFF1D1+1"],
    ["\uFF0B1", "'\uFF0B1"],
    ["\uFF0D1", "'\uFF0D1"],
    ["\uFF20SUM(A1)", "'\uFF20SUM(A1)"],
  ])("neutralises %j", (value, expected) => {
    expect(safeCsvCell(value)).toBe(expected);
  });

  it.each(["Acme Ltd", "jane@example.com", "", " =not first", "2-5", "100+", "'already quoted"])(
    "leaves %j as it is",
    (value) => {
      expect(safeCsvCell(value)).toBe(value);
    },
  );

  it("passes the app's own numbers and booleans unchanged", () => {
    expect(safeCsvCell(-150.5)).toBe("-150.5");
    expect(safeCsvCell(42)).toBe("42");
    expect(safeCsvCell(10n)).toBe("10");
    expect(safeCsvCell(true)).toBe("true");
  });

  it("turns null and undefined into empty cells", () => {
    expect(safeCsvCell(null)).toBe("");
    expect(safeCsvCell(undefined)).toBe("");
  });

  it("never lets a string start with a trigger, and only ever adds apostrophes", () => {
    fc.assert(
      fc.property(fc.constantFrom("", ...FORMULA_TRIGGERS), fc.string(), (prefix, rest) => {
        const value = prefix + rest;
        const safe = safeCsvCell(value);
        expect(FORMULA_TRIGGERS.some((trigger) => safe.startsWith(trigger))).toBe(false);
        expect(safe.replaceAll("'", "")).toBe(value.replaceAll("'", ""));
      }),
    );
  });
});

describe("csvField and csvDocument (issue 23 defect 6)", () => {
  it.each([
    [";=1+1", '";\'=1+1"'],
    ["a,b", '"a,b"'],
    ["a\tb", '"a\tb"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["\uFF1D1+1", "'\uFF1D1+1"],
    ["=1;2", '"\'=1;2"'],
    [";=1+1;", '";\'=1+1;"'],
    ['x,"=1+1"', '"x,""\'=1+1"""'],
    ["a\n@SUM(A1)", '"a\n\'@SUM(A1)"'],
    ["Acme Ltd", "Acme Ltd"],
  ])("writes %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("writes the app's decimals as they are, and refuses anything else as one", () => {
    expect(csvField(csvNumber("-150.00"))).toBe("-150.00");
    expect(() => csvNumber("-2+3")).toThrow();
  });

  it("guards a formula sign behind leading quotes (the property test's counterexample)", () => {
    expect(csvField('"=')).toBe(`"""'="`);
    expect(csvField('""+1')).toBe(`"""""'+1"`);
  });

  it("writes CRLF after every row, with a byte-order mark only when asked", () => {
    expect(csvDocument(["A", "B"], [["x;y", null]], { bom: true })).toBe('\uFEFFA,B\r\n"x;y",\r\n');
    expect(csvDocument(["A"], [[1]], { bom: false })).toBe("A\r\n1\r\n");
  });

  it("whatever a spreadsheet splits on (, ; tab or a line break), no piece of a field starts a formula", () => {
    const piece = fc.oneof(fc.constantFrom(...FORMULA_TRIGGERS, ",", ";", "\t", "\n", '"', "a", " "), fc.string());
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const field = csvField(pieces.join(""));
        if (!field.startsWith('"')) expect(/[,;\t"\r\n]/.test(field)).toBe(false);
        for (const separator of [",", ";", "\t", "\n", "\r"])
          for (const part of field.split(separator)) {
            const shown = part.replace(/^"+/, "");
            expect(FORMULA_TRIGGERS.filter((t) => t !== "\t" && t !== "\r").some((t) => shown.startsWith(t))).toBe(false);
          }
      }),
    );
  });
});
