/**
 * The webhook targets one app instance keeps between deliveries, by their URL's token: what saves a
 * delivery the statement that reads its integration (webhook-rate-limit.ts `remember`). Never trusted on
 * its own: every use is checked against the row's version in the statement that opens the delivery's work
 * (capture/webhook-target.ts TARGET_IS_CURRENT), so another instance's change (a new Secret Token, a
 * disconnect) is seen at the next delivery. Bounded: past MAX_REMEMBERED, the target used least recently goes.
 * What it holds is what the row holds: the secrets sealed, as in the database.
 */
export const MAX_REMEMBERED = 1000;

export class RememberedTargets<T> {
  readonly #byToken = new Map<string, T>();

  get(token: string): { value: T } | undefined {
    if (!this.#byToken.has(token)) return undefined;
    const value = this.#byToken.get(token) as T;
    // A Map iterates in insertion order: insert again to be the most recently used.
    this.#byToken.delete(token);
    this.#byToken.set(token, value);
    return { value };
  }

  set(token: string, value: T): void {
    this.#byToken.delete(token);
    this.#byToken.set(token, value);
    if (this.#byToken.size > MAX_REMEMBERED) this.#byToken.delete(this.#byToken.keys().next().value as string);
  }

  forget(token: string): void {
    this.#byToken.delete(token);
  }

  get size(): number {
    return this.#byToken.size;
  }
}
