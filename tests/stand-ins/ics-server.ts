import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { keepIdleConnectionsOpen } from "./keep-alive.js";

/**
 * A calendar provider's published ICS address, on loopback (issue 14 §7): serves one feed as
 * text/calendar with a strong ETag and Last-Modified, answers If-None-Match with 304, counts every
 * request (and the conditional ones), and can change the feed, fail with an HTTP status, hang past
 * the client's timeout, or redirect.
 */
export type IcsRequest = { path: string; ifNoneMatch: string | null; ifModifiedSince: string | null; status: number };

export type IcsStandIn = {
  url: string;
  requests: IcsRequest[];
  setFeed: (body: string) => void;
  /** The next answers: an HTTP status ("fail"), no answer at all ("hang"), or back to normal (null). */
  failWith: (mode: number | "hang" | null) => void;
  /** Answer this path with a redirect to `to`. */
  redirect: (path: string, to: string) => void;
  close: () => Promise<void>;
};

export async function startIcsStandIn(initial: string, path = "/calendar/private-9f2c/basic.ics"): Promise<IcsStandIn> {
  let body = initial;
  let etag = "";
  let lastModified = "";
  let failure: number | "hang" | null = null;
  const redirects = new Map<string, string>();
  const requests: IcsRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const setFeed = (next: string) => {
    body = next;
    etag = `"${createHash("sha256").update(next).digest("hex").slice(0, 16)}"`;
    lastModified = new Date(Math.floor(Date.now() / 1000) * 1000).toUTCString();
  };
  setFeed(initial);

  const server = http.createServer((request, response) => {
    const record = (status: number) =>
      requests.push({
        path: request.url ?? "",
        ifNoneMatch: (request.headers["if-none-match"] as string | undefined) ?? null,
        ifModifiedSince: (request.headers["if-modified-since"] as string | undefined) ?? null,
        status,
      });
    if (failure === "hang") {
      record(0);
      hanging.add(response);
      return;
    }
    if (typeof failure === "number") {
      record(failure);
      response.writeHead(failure, { "content-type": "text/plain" }).end("provider trouble");
      return;
    }
    const target = redirects.get(request.url ?? "");
    if (target) {
      record(302);
      response.writeHead(302, { location: target }).end();
      return;
    }
    if (request.url !== path) {
      record(404);
      response.writeHead(404, { "content-type": "text/html" }).end("<html>Not found</html>");
      return;
    }
    if (request.headers["if-none-match"] === etag) {
      record(304);
      response.writeHead(304, { etag }).end();
      return;
    }
    record(200);
    response.writeHead(200, { "content-type": "text/calendar; charset=utf-8", etag, "last-modified": lastModified }).end(body);
  });
  keepIdleConnectionsOpen(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    setFeed,
    failWith: (mode) => {
      failure = mode;
    },
    redirect: (from, to) => redirects.set(from, to),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
