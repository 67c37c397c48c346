/**
 * The part of QuickBooks' query language the stand-in understands:
 * `select * from Entity [where Field = 'value' and Field in (a, b) …] [orderby …] [startposition n] [maxresults n]`.
 * String literals use single quotes with backslash escapes (`'O\'Hara'`); as in QuickBooks, names
 * compare case-insensitively, and Customer and Item queries see only active rows unless they name
 * `Active`.
 */
export type QueryCondition = { field: string; values: (string | boolean | number)[] };
export type ParsedQuery = { entity: string; conditions: QueryCondition[] };

export class QuerySyntaxError extends Error {}

export function parseQuery(text: string): ParsedQuery {
  const tokens = tokenize(text);
  let at = 0;
  const next = () => tokens[at++];
  const expectWord = (word: string) => {
    const token = next();
    if (token?.kind !== "word" || token.text.toLowerCase() !== word) throw new QuerySyntaxError(`expected ${word}`);
  };
  expectWord("select");
  if (next()?.text !== "*") throw new QuerySyntaxError("only select * is supported");
  expectWord("from");
  const entity = next();
  if (entity?.kind !== "word") throw new QuerySyntaxError("expected an entity");
  const conditions: QueryCondition[] = [];
  const peekWord = () => (tokens[at]?.kind === "word" ? tokens[at]!.text.toLowerCase() : null);
  if (peekWord() === "where") {
    at++;
    for (;;) {
      const field = next();
      if (field?.kind !== "word") throw new QuerySyntaxError("expected a field");
      const operator = next();
      if (operator?.text === "=") conditions.push({ field: field.text, values: [literal(next())] });
      else if (operator?.kind === "word" && operator.text.toLowerCase() === "in") {
        if (next()?.text !== "(") throw new QuerySyntaxError("expected (");
        const values: QueryCondition["values"] = [];
        for (;;) {
          values.push(literal(next()));
          const separator = next();
          if (separator?.text === ")") break;
          if (separator?.text !== ",") throw new QuerySyntaxError("expected , or )");
        }
        conditions.push({ field: field.text, values });
      } else throw new QuerySyntaxError(`unsupported operator ${operator?.text ?? ""}`);
      if (peekWord() !== "and") break;
      at++;
    }
  }
  // orderby / startposition / maxresults are accepted and ignored.
  return { entity: entity.text, conditions };
}

type Token = { kind: "word" | "string" | "symbol"; text: string };

function literal(token: Token | undefined): string | boolean | number {
  if (!token) throw new QuerySyntaxError("expected a value");
  if (token.kind === "string") return token.text;
  if (token.kind === "word" && /^(true|false)$/i.test(token.text)) return token.text.toLowerCase() === "true";
  if (token.kind === "word" && /^-?\d+(\.\d+)?$/.test(token.text)) return Number(token.text);
  throw new QuerySyntaxError(`unexpected ${token.text}`);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i++;
    else if (c === "'") {
      let value = "";
      i++;
      for (;;) {
        if (i >= text.length) throw new QuerySyntaxError("unterminated string");
        const d = text[i]!;
        if (d === "\\" && i + 1 < text.length) {
          value += text[i + 1];
          i += 2;
        } else if (d === "'") {
          i++;
          break;
        } else {
          value += d;
          i++;
        }
      }
      tokens.push({ kind: "string", text: value });
    } else if ("*=(),".includes(c)) {
      tokens.push({ kind: "symbol", text: c });
      i++;
    } else {
      const match = /^[A-Za-z0-9_.-]+/.exec(text.slice(i));
      if (!match) throw new QuerySyntaxError(`unexpected character ${c}`);
      tokens.push({ kind: "word", text: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

/** Whether a row (QuickBooks JSON) satisfies every condition; `Field.value` style paths follow refs. */
export function matches(row: Record<string, unknown>, conditions: QueryCondition[], activeByDefault: boolean): boolean {
  const namesActive = conditions.some((condition) => condition.field.toLowerCase() === "active");
  if (activeByDefault && !namesActive && row.Active === false) return false;
  return conditions.every((condition) => {
    const actual = fieldValue(row, condition.field);
    return condition.values.some((expected) =>
      typeof expected === "string" && typeof actual === "string"
        ? expected.toLowerCase() === actual.toLowerCase()
        : expected === actual,
    );
  });
}

function fieldValue(row: Record<string, unknown>, path: string): unknown {
  let current: unknown = row;
  for (const part of path.split(".")) {
    if (!current || typeof current !== "object") return undefined;
    const entry = Object.entries(current).find(([key]) => key.toLowerCase() === part.toLowerCase());
    current = entry?.[1];
  }
  // `Active` is absent on rows created before it was set: QuickBooks treats that as true.
  if (current === undefined && path.toLowerCase() === "active") return true;
  // A reference (CustomerRef = '58') compares by its value.
  if (current && typeof current === "object" && "value" in current) return (current as { value: unknown }).value;
  return current;
}
