/**
 * Xero's per-organisation limits as the stand-in counts them: rolling windows of a minute and a day.
 * A request over a limit is refused (429) and not counted; every answer carries what is left. Xero's
 * 5-at-once limit is not modelled: the stand-in answers each request before reading the next.
 */
export type XeroLimits = { perMinute: number; perDay: number; appPerMinute: number };

const DEFAULTS: XeroLimits = { perMinute: 60, perDay: 5000, appPerMinute: 10_000 };
const MINUTE = 60_000;
const DAY = 86_400_000;

export type Admission = { ok: boolean; headers: Record<string, string> };

export class XeroRateLimits {
  #limits: XeroLimits;
  readonly #calls = new Map<string, number[]>();
  readonly #appCalls: number[] = [];

  constructor(
    limits: Partial<XeroLimits>,
    readonly now: () => number,
  ) {
    this.#limits = { ...DEFAULTS, ...limits };
  }

  set(limits: Partial<XeroLimits>): void {
    this.#limits = { ...this.#limits, ...limits };
  }

  admit(tenantId: string): Admission {
    const at = this.now();
    const calls = (this.#calls.get(tenantId) ?? []).filter((time) => time > at - DAY);
    this.#calls.set(tenantId, calls);
    while (this.#appCalls.length > 0 && this.#appCalls[0]! <= at - MINUTE) this.#appCalls.shift();
    const lastMinute = calls.filter((time) => time > at - MINUTE);
    const limits = this.#limits;
    const refuse = (problem: string, oldest: number, window: number) => ({
      ok: false as const,
      headers: {
        "retry-after": String(Math.max(1, Math.ceil((oldest + window - at) / 1000))),
        "x-rate-limit-problem": problem,
        ...remaining(lastMinute.length, calls.length, this.#appCalls.length),
      },
    });
    const remaining = (minute: number, day: number, app: number) => ({
      "x-minlimit-remaining": String(Math.max(0, limits.perMinute - minute)),
      "x-daylimit-remaining": String(Math.max(0, limits.perDay - day)),
      "x-appminlimit-remaining": String(Math.max(0, limits.appPerMinute - app)),
    });
    if (calls.length >= limits.perDay) return refuse("day", calls[calls.length - limits.perDay]!, DAY);
    if (lastMinute.length >= limits.perMinute) return refuse("minute", lastMinute[lastMinute.length - limits.perMinute]!, MINUTE);
    if (this.#appCalls.length >= limits.appPerMinute)
      return refuse("appminute", this.#appCalls[this.#appCalls.length - limits.appPerMinute]!, MINUTE);
    calls.push(at);
    this.#appCalls.push(at);
    return { ok: true, headers: remaining(lastMinute.length + 1, calls.length, this.#appCalls.length) };
  }
}
