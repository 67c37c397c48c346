import type http from "node:http";
import type { FastifyHttpOptions } from "fastify";

/**
 * How long a client may take, so a slow or stalled client cannot hold sockets open for ever (docs/security.md:
 * 300 sockets that sent headers and 4 of 100 body bytes were all still open after 128 s).
 *
 * - headers: 10 s to send the request line and headers (a trickle of header bytes is cut here);
 * - request: 15 s to send the whole request, body included: a 1 MB body (the limit) at 70 KB/s;
 * - keep-alive: an idle connection between requests is closed after 72 s (Fastify's default, made
 *   explicit): longer than a load balancer's idle timeout (60 s on AWS, nginx), or the balancer may send
 *   a request down a socket the app is closing and answer the user 502;
 * - connection: 60 s without a byte either way closes a socket (Node applies it until the socket's
 *   first keep-alive pause), a last net that still leaves the slowest handler (a mail server search)
 *   its time: the header and request deadlines stop counting once the request is in.
 *
 * Node checks the header and request deadlines on a timer; every second instead of every 30 s, so a
 * stalled request goes within a second of its deadline.
 */
export type HttpTimeouts = {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  connectionMs: number;
  checkIntervalMs: number;
};

export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = {
  headersMs: 10_000,
  requestMs: 15_000,
  keepAliveMs: 72_000,
  connectionMs: 60_000,
  checkIntervalMs: 1_000,
};

/** `timeouts`: the deadlines above unless a test shortens them (Config.httpTimeouts). */
export function httpTimeoutOptions(
  timeouts: HttpTimeouts = HTTP_TIMEOUTS,
): Pick<FastifyHttpOptions<http.Server>, "connectionTimeout" | "keepAliveTimeout" | "requestTimeout" | "http"> {
  return {
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
  };
}
