/**
 * Polls `read` until `ok` holds: background jobs and webhooks finish on their own time, so a test
 * waits for the outcome instead of sleeping a guessed amount. Fails with the last value seen.
 * The wait is a safety net, never a speed check: 20 s ran out for a Meet call's job at load 20 (issue 22 §1),
 * so the default is half the API tier's 120 s test budget, and a wait that never comes still fails.
 */
export async function until<T>(
  what: string,
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
