import type { ServerResponse } from "node:http";
import type { InjectedFailure } from "./controls.js";

/**
 * The injected failures of one accounting stand-in (controls.ts), in one place for the QuickBooks,
 * Xero and REST stand-ins: which pending failure a request takes, and the two ways an exchange ends
 * without an answer. Both are events the test controls, never a race against the client's deadline:
 * a dropped connection is seen by the client at once, and a held request stays unanswered until the
 * test releases it.
 */
export class InjectedFailures {
  readonly #pending: (InjectedFailure & { remaining: number })[] = [];
  readonly #held = new Set<ServerResponse>();

  add(failure: InjectedFailure): void {
    this.#pending.push({ ...failure, remaining: failure.times ?? 1 });
  }

  /**
   * The first pending failure for this request, counted down (and removed when spent), or null.
   * `target` is what `pathIncludes` is matched against; `byDefault` says whether a failure without
   * `pathIncludes` applies to this request (the API, not the token endpoint).
   */
  take(method: string, target: string, byDefault: boolean): InjectedFailure | null {
    const index = this.#pending.findIndex(
      (failure) =>
        (!failure.method || failure.method.toUpperCase() === method) &&
        (failure.pathIncludes ? target.includes(failure.pathIncludes) : byDefault),
    );
    const failure = this.#pending[index];
    if (!failure) return null;
    failure.remaining -= 1;
    if (failure.remaining <= 0) this.#pending.splice(index, 1);
    return failure;
  }

  /** The connection is closed with no answer, as when it is lost mid-request: the client learns at once. */
  drop(response: ServerResponse): void {
    response.socket?.destroy();
  }

  /** No answer until the test calls `releaseHeld()` (or the stand-in closes). */
  hold(response: ServerResponse): void {
    this.#held.add(response);
    response.on("close", () => this.#held.delete(response));
  }

  /** How many requests are held now. */
  heldCount(): number {
    return this.#held.size;
  }

  /** Ends every held request without an answer (its connection closed, nothing done). */
  releaseHeld(): void {
    for (const response of this.#held) this.drop(response);
    this.#held.clear();
  }
}
