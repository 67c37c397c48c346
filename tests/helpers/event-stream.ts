import http from "node:http";
import { SESSION_COOKIE } from "../../src/server/auth/cookies.js";
import type { ApiClient } from "./api-client.js";

/** One server-sent event as a browser's EventSource would dispatch it. */
export type StreamEvent = { event: string; data: string };

export type OpenStream = {
  status: number;
  headers: Headers;
  /** Everything received so far, comments included, as text. */
  raw: () => string;
  events: StreamEvent[];
  /** Whether the server ended the stream. */
  ended: () => boolean;
  /** The first event (already received or still to come) that matches, or a rejection after `timeoutMs`. */
  waitFor: (match: (event: StreamEvent) => boolean, timeoutMs?: number) => Promise<StreamEvent>;
  close: () => Promise<void>;
};

/**
 * Opens GET /api/calls/stream over real HTTP with the client's session cookie and parses the
 * text/event-stream as it arrives (the format of the HTML standard: blank-line separated blocks,
 * `event:` and `data:` fields, `:` comments).
 */
export async function openCallStream(baseUrl: string, who: ApiClient | null): Promise<OpenStream> {
  const token = who?.cookie(SESSION_COOKIE);
  // node:http rather than fetch: destroying the request closes its socket at once, while an aborted
  // undici fetch left the server holding the connection until its 60 s timeout (app.close() waited).
  const { request, response } = await new Promise<{ request: http.ClientRequest; response: http.IncomingMessage }>(
    (resolve, reject) => {
      const request = http.get(
        `${baseUrl}/api/calls/stream`,
        { headers: { accept: "text/event-stream", ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}) } },
        (response) => resolve({ request, response }),
      );
      request.on("error", reject);
    },
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) if (typeof value === "string") headers.set(name, value);
  let raw = "";
  let pending = "";
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  response.setEncoding("utf8");
  const isStream = (headers.get("content-type") ?? "").startsWith("text/event-stream");
  response.on("data", (text: string) => {
    raw += text;
    if (!isStream) return;
    pending += text;
    let end = pending.indexOf("\n\n");
    while (end >= 0) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
      }
      if (data.length) events.push({ event, data: data.join("\n") });
      for (const wake of waiters) wake();
      end = pending.indexOf("\n\n");
    }
  });
  const ended = new Promise<void>((resolve) => {
    response.on("close", resolve);
    response.on("error", () => resolve());
  });
  response.on("end", () => {
    for (const wake of waiters) wake();
  });
  return {
    status: response.statusCode ?? 0,
    headers,
    raw: () => raw,
    events,
    ended: () => response.complete,
    waitFor: (match, timeoutMs = 3000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms; received: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      }),
    close: async () => {
      request.destroy();
      await ended;
    },
  };
}

/** The call ids of the `call` events received so far. */
export function callIdsIn(stream: OpenStream): number[] {
  return stream.events.filter((e) => e.event === "call").map((e) => (JSON.parse(e.data) as { callId: number }).callId);
}
