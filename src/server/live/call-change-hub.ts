import pg from "pg";
import type { Database } from "../db/client.js";
import { onRawAnswerNotification } from "../db/pglite-notifications.js";
import { CALL_CHANGES_CHANNEL, type CallChange } from "./notify-call-change.js";

/**
 * The channel a deleted session is announced on, its id as payload: a trigger on `sessions`
 * (drizzle/0010_session_ended_notify.sql) sends it for every sign-out, revocation or pruning.
 */
export const SESSION_ENDED_CHANNEL = "session_ended";

/**
 * What a subscriber hears: a call change of its account, "resync" after the listener lost changes, a
 * heartbeat, or "session-ended" when the session that opened it ended (on any instance).
 */
export type LiveMessage =
  | { type: "call"; change: CallChange }
  | { type: "resync" }
  | { type: "heartbeat" }
  | { type: "session-ended" };
export type LiveSubscriber = (message: LiveMessage) => void;

type Logger = { warn: (object: object, message: string) => void; info: (object: object, message: string) => void };

/** Reconnect delays of the PostgreSQL listener: 0.5 s doubling to 30 s. */
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * One per app instance: LISTENs on CALL_CHANGES_CHANNEL and hands each change to this instance's open
 * streams of that account (docs/decisions.md D2: every instance LISTENs, so a change made through any
 * instance, or a provider's webhook, reaches every open dashboard). The subscriber sets are connection
 * state, not shared state: each instance holds only its own sockets.
 *
 * PGlite: `pglite.listen` on the one embedded session. PostgreSQL: one dedicated `pg.Client` (LISTEN
 * holds its connection for ever, so never a pooled one), reconnected with backoff; after a reconnect
 * every subscriber gets "resync", since changes made meanwhile were not heard.
 * The listener starts with the first subscriber (an instance nobody watches holds no connection).
 */
export class CallChangeHub {
  private readonly byAccount = new Map<number, Set<LiveSubscriber>>();
  private readonly bySession = new Map<number, Set<LiveSubscriber>>();
  private started: Promise<void> | null = null;
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly databaseUrl: string | undefined,
    private readonly log: Logger,
  ) {}

  /** Open streams on this instance, for the benchmark and the tests. */
  get subscriberCount(): number {
    let count = 0;
    for (const set of this.byAccount.values()) count += set.size;
    return count;
  }

  countFor(accountId: number): number {
    return this.byAccount.get(accountId)?.size ?? 0;
  }

  /**
   * Adds a subscriber of the account's changes, opened by session `sessionId`, once the listener is
   * running (so no change or sign-out after this returns is missed); returns its removal.
   */
  async subscribe(accountId: number, sessionId: number, subscriber: LiveSubscriber): Promise<() => void> {
    await this.start();
    const removeFromAccount = addTo(this.byAccount, accountId, subscriber);
    const removeFromSession = addTo(this.bySession, sessionId, subscriber);
    return () => {
      removeFromAccount();
      removeFromSession();
    };
  }

  /** A message for every subscriber of every account (heartbeats, resync). */
  broadcast(message: LiveMessage): void {
    for (const set of this.byAccount.values()) for (const subscriber of set) subscriber(message);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.byAccount.clear();
    this.bySession.clear();
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten().catch(() => {});
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
  }

  /** A payload from the channel; anything that is not a change of ours is dropped. */
  deliver(payload: string): void {
    let change: CallChange;
    try {
      change = JSON.parse(payload) as CallChange;
    } catch {
      return;
    }
    if (!Number.isSafeInteger(change?.accountId) || !Number.isSafeInteger(change?.callId)) return;
    const set = this.byAccount.get(change.accountId);
    if (!set) return;
    const message: LiveMessage = {
      type: "call",
      change: {
        accountId: change.accountId,
        callId: change.callId,
        kind: change.kind,
        userId: Number.isSafeInteger(change.userId) ? change.userId : null,
      },
    };
    for (const subscriber of set) subscriber(message);
  }

  /** A session ended (its id from SESSION_ENDED_CHANNEL): its streams on this instance are told, and end. */
  deliverSessionEnded(payload: string): void {
    const sessionId = Number(payload);
    if (!Number.isSafeInteger(sessionId)) return;
    const set = this.bySession.get(sessionId);
    if (!set) return;
    for (const subscriber of [...set]) subscriber({ type: "session-ended" });
  }

  /** A notification on one of the hub's channels, from whichever connection heard it. */
  private heard(channel: string, payload: string | undefined): void {
    if (channel === CALL_CHANGES_CHANNEL && payload) this.deliver(payload);
    else if (channel === SESSION_ENDED_CHANNEL && payload) this.deliverSessionEnded(payload);
  }

  private start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error("the live listener is closed"));
    if (!this.started) {
      this.started = this.listen().catch((error: unknown) => {
        this.started = null; // the next subscriber tries again
        throw error;
      });
    }
    return this.started;
  }

  private async listen(): Promise<void> {
    const pglite = this.database.pglite;
    if (pglite) {
      const unlistenCalls = await pglite.listen(CALL_CHANGES_CHANNEL, (payload) => this.deliver(payload));
      const unlistenSessions = await pglite.listen(SESSION_ENDED_CHANNEL, (payload) => this.deliverSessionEnded(payload));
      // A NOTIFY reaches the callbacks of PGlite's listen() or, when the statement that committed it was read from the
      // protocol bytes (db/pglite-raw-answer.ts), the raw answers' listener: never both. Added once the LISTENs took
      // (none arrives before), so a failed start that is tried again never leaves a second one behind.
      const stopRaw = onRawAnswerNotification(pglite, ({ channel, payload }) => this.heard(channel, payload));
      this.unlisten = async () => {
        stopRaw();
        await unlistenCalls();
        await unlistenSessions();
      };
      return;
    }
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true });
    client.on("notification", (message) => this.heard(message.channel, message.payload));
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client, new Error("connection ended")));
    try {
      await client.connect();
      await client.query(`listen ${CALL_CHANGES_CHANNEL}; listen ${SESSION_ENDED_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
  }

  /** The listening connection died: tell the streams to reload what they show, and reconnect with backoff. */
  private lost(client: pg.Client, error: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    client.removeAllListeners("end");
    client.end().catch(() => {});
    this.log.warn({ err: error.message }, "call change listener lost its connection; reconnecting");
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.connect().then(
        () => {
          this.log.info({}, "call change listener reconnected");
          this.broadcast({ type: "resync" });
        },
        (error: Error) => {
          this.log.warn({ err: error.message }, "call change listener could not reconnect");
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }
}

/** Adds `subscriber` to `key`'s set in `map`; returns its removal (the set goes when empty). */
function addTo(map: Map<number, Set<LiveSubscriber>>, key: number, subscriber: LiveSubscriber): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(subscriber);
  return () => {
    const current = map.get(key);
    if (!current) return;
    current.delete(subscriber);
    if (current.size === 0) map.delete(key);
  };
}
