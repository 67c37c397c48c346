/**
 * Deadlines a test ends itself (config.providers.deadline): a stand-in holds its answer, the test sees the held
 * request arrive and then calls `expire()`, and the app's request fails as at its real deadline (an abort whose
 * reason is a "TimeoutError", as AbortSignal.timeout's is). The real deadline still runs underneath each signal,
 * so a request nobody expires still ends; an ordinary request is never cut short by the test.
 */
export class HeldDeadlines {
  #open: AbortController[] = [];

  /** For config.providers.deadline. */
  readonly deadline = (ms: number): AbortSignal => {
    const held = new AbortController();
    this.#open.push(held);
    return AbortSignal.any([held.signal, AbortSignal.timeout(ms)]);
  };

  /** The deadline of every request made so far passes now (those already answered are not affected). */
  expire(): void {
    for (const held of this.#open.splice(0)) held.abort(new DOMException("The test ended the deadline", "TimeoutError"));
  }
}
