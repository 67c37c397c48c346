import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/errors.js";
import { requireAuth } from "../auth/session-hook.js";
import { workScope } from "../work/work-scope.js";
import { routeSchema } from "../http/route-schema.js";
import { CallChangeHub, type LiveMessage } from "./call-change-hub.js";

/** A comment line every 25 s keeps proxies (60 s idle on AWS and nginx) and the app's own 60 s socket timeout from cutting the stream. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting after the stream ends or breaks. */
export const RETRY_MS = 2_000;
/**
 * A stream is ended after 5 minutes and the browser reconnects at once (RETRY_MS): the reconnect passes
 * the session check again, so a stream opened by a session that was signed out since stops within
 * 5 minutes. It carries only call ids and kinds; every read of a call still needs the session.
 */
export const MAX_STREAM_MS = 5 * 60_000;
/** Open streams per account on one instance: a few tabs and devices each; more is a leak or abuse. */
export const MAX_STREAMS_PER_ACCOUNT = 20;

/** One server-sent event as the EventSource wire format writes it. */
export function sseEvent(message: LiveMessage): string {
  if (message.type === "heartbeat") return ": heartbeat\n\n";
  if (message.type === "session-ended") return "event: signed-out\ndata: {}\n\n";
  if (message.type === "resync") return "event: resync\ndata: {}\n\n";
  const { callId, kind } = message.change;
  return `event: call\ndata: ${JSON.stringify({ callId, kind })}\n\n`;
}

/**
 * GET /api/calls/stream: the signed-in account's call changes as server-sent events,
 * so Active Calls and the call lists refresh within a second of a webhook, without polling.
 * `event: call` / `data: {callId, kind}`; `event: resync` when this instance may have missed changes;
 * `event: signed-out`, then the end, when the session that opened it ended (on any instance).
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const hub = new CallChangeHub(app.database, app.config.databaseUrl, app.log);
  const heartbeat = setInterval(() => hub.broadcast({ type: "heartbeat" }), HEARTBEAT_MS);
  heartbeat.unref();
  const open = new Set<PassThrough>();
  // The server waits for open responses before it closes: end the streams first (the browsers reconnect elsewhere).
  app.addHook("preClose", (done) => {
    for (const stream of open) stream.end();
    done();
  });
  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    await hub.close();
  });

  app.get(
    "/api/calls/stream",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary: "Live call changes of the account (server-sent events)",
        tags: ["calls"],
        response: {
          200: {
            description:
              "text/event-stream: `event: call` with data {callId, kind} (kind: started, updated, ended, deleted) for every change of the account's calls; `event: resync` when changes may have been missed (reload what is shown); a comment line every 25 s",
            contentType: "text/event-stream",
          },
        },
      }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { accountId, sessionId, expiresAt } = auth;
      // A member hears only their own calls (issue 26 §2); a change of nobody's call (null) is the practice's.
      const { ownerId } = workScope(auth);
      if (hub.countFor(accountId) >= MAX_STREAMS_PER_ACCOUNT)
        throw new AppError("rate_limited", "Too many live connections for this account: close some of its tabs and try again");
      const stream = new PassThrough();
      open.add(stream);
      const write = (text: string) => {
        if (!stream.destroyed && !stream.writableEnded) stream.write(text);
      };
      // The session ending anywhere (sign-out, revocation: a NOTIFY every instance hears) ends its streams.
      const unsubscribe = await hub.subscribe(accountId, sessionId, (message) => {
        if (ownerId !== null && message.type === "call" && message.change.userId !== ownerId) return;
        write(sseEvent(message));
        if (message.type === "session-ended") stream.end();
      });
      // Nor does a stream outlive its session's expiry.
      const untilExpiry = Math.max(0, expiresAt.getTime() - app.now().getTime());
      const maxAge = setTimeout(() => stream.end(), Math.min(MAX_STREAM_MS, untilExpiry));
      maxAge.unref();
      const cleanUp = () => {
        open.delete(stream);
        clearTimeout(maxAge);
        unsubscribe();
      };
      // The browser went away (tab closed, network lost) or the stream ended: forget the subscriber.
      reply.raw.on("close", () => {
        cleanUp();
        stream.destroy();
      });
      stream.on("close", cleanUp);
      write(`retry: ${RETRY_MS}\n: connected\n\n`);
      return (
        reply
          .type("text/event-stream; charset=utf-8")
          .header("cache-control", "no-store")
          .header("x-accel-buffering", "no")
          // Never reused for another request: when the stream ends (its age limit, shutdown) the socket goes with it.
          .header("connection", "close")
          .send(stream)
      );
    },
  );
}
