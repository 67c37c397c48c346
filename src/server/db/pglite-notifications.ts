import type { PGlite } from "@electric-sql/pglite";
import type { Notification } from "./pglite-raw-answer.js";

type Listener = (notification: Notification) => void;

const listenersOn = new WeakMap<PGlite, Set<Listener>>();

/**
 * Notifications that arrive in an answer db/pglite-prepared.ts reads from the protocol bytes itself
 * (db/pglite-raw-answer.ts): PGlite's own `listen()` callbacks never see those, so whoever LISTENs on the
 * embedded database (live/call-change-hub.ts) listens here too. Each NOTIFY arrives through exactly one of the two.
 * Answers the function that stops listening.
 */
export function onRawAnswerNotification(client: PGlite, listener: Listener): () => void {
  let listeners = listenersOn.get(client);
  if (!listeners) {
    listeners = new Set();
    listenersOn.set(client, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands a notification to the listeners after the current statement's caller has its answer, as PGlite does. */
export function deliverRawAnswerNotification(client: PGlite, notification: Notification): void {
  const listeners = listenersOn.get(client);
  if (!listeners) return;
  for (const listener of listeners) queueMicrotask(() => listener(notification));
}
