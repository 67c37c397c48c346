/**
 * Names for prepared statements built by drizzle at run time: each distinct SQL text gets one name,
 * so the database parses and plans it once per session. Statement texts that vary without bound
 * (an `in` list per participant) would fill the session with names: past `max` texts a caller gets
 * null and runs an ordinary query instead. `prefix` keeps each caller's names apart.
 */
export function statementNames(prefix: string, max: number): (text: string) => string | null {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known) return known;
    if (names.size >= max) return null;
    const name = `${prefix}${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

/** The rows of a driver's answer (drizzle's `execute` on PGlite and node-postgres both have `rows`). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}
