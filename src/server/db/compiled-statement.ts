import { type Column, is, Param, Placeholder, type Query, SQL, type SQLWrapper, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

/** A statement to run: drizzle's SQL (compiled at the run), or one compiled already (compiledOnce). */
export type Statement = SQL | Query;

/**
 * A statement whose text never varies, compiled by drizzle once instead of at every run: its values
 * are placeholders (`sql.placeholder(name)`), filled at each run through the columns' own mapping
 * (a Date, a jsonb value). Every webhook delivery runs a handful of these; compiling their SQL objects
 * at each delivery was a sixth of its CPU (docs/performance.md).
 */
export function compiledOnce<V extends Record<string, unknown>>(query: SQLWrapper): (values: V) => Query {
  const compiled = dialect.sqlToQuery(query.getSQL());
  const fills = compiled.params.map(fillerOf);
  return (values) => ({ sql: compiled.sql, params: fills.map((fill) => fill(values)) });
}

/**
 * How one parameter of a compiled statement is filled at each run, decided once: drizzle's fillPlaceholders
 * asks what each parameter is (`is`, a walk up its prototypes) at every run, and a webhook delivery runs
 * about a hundred of them. A placeholder's value is checked and mapped as there.
 */
function fillerOf(param: unknown): (values: Record<string, unknown>) => unknown {
  const placeholder = is(param, Placeholder) ? param : is(param, Param) && is(param.value, Placeholder) ? param.value : null;
  if (!placeholder) return () => param;
  const { name } = placeholder;
  const encoder = is(param, Param) ? param.encoder : null;
  return (values) => {
    if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
    return encoder ? encoder.mapToDriverValue(values[name]) : values[name];
  };
}

/**
 * The same for a statement with a few shapes (which columns an update sets, which parts it has):
 * each shape, named by `shapeOf`, is compiled the first time it is seen.
 */
export function compiledPerShape<S, V extends Record<string, unknown>>(
  shapeOf: (shape: S) => string,
  build: (shape: S) => SQLWrapper,
): (shape: S, values: V) => Query {
  const compiled = new Map<string, (values: V) => Query>();
  return (shape, values) => {
    const key = shapeOf(shape);
    let statement = compiled.get(key);
    if (!statement) {
      statement = compiledOnce<V>(build(shape));
      compiled.set(key, statement);
    }
    return statement(values);
  };
}

/**
 * The placeholder `name` for a value of `column`, filled through the column's mapping (a Date as
 * ISO text, jsonb as JSON) and null as null, as drizzle's own insert and update builders do.
 */
export function columnPlaceholder(name: string, column: Column): SQL {
  return sql`${sql.param(sql.placeholder(name), {
    mapToDriverValue: (value: unknown) => (value === null ? null : column.mapToDriverValue(value)),
  })}`;
}

/** A statement as drizzle compiles it: compiled now when it is SQL. */
export function toQuery(statement: Statement): Query {
  // A compiled statement (compiledOnce) is a plain { sql, params }: known without drizzle's `is`.
  if (typeof (statement as Query).sql === "string") return statement as Query;
  return is(statement, SQL) ? dialect.sqlToQuery(statement) : statement;
}

/** A compiled statement back as drizzle's SQL, for the paths that run `db.execute` (its $n become parameters again). */
export function toSql(statement: Statement): SQL {
  if (is(statement, SQL)) return statement;
  const pieces = statement.sql.split(/\$(\d+)\b/);
  return sql.join(pieces.map((piece, index) => (index % 2 === 1 ? sql`${statement.params[Number(piece) - 1]}` : sql.raw(piece))));
}
