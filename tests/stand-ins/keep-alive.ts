/**
 * A stand-in never closes an idle keep-alive connection itself. Node's server closes one after 5 s by
 * default, and on a busy machine a client can reuse it just before: the request is written, the event
 * loop stalls for a second, and the server's timer runs before the request is read. The client then
 * sees a reset no test asked for ("fetch failed"). Clients close idle connections first; each stand-in's
 * stop() ends whatever is left. The only dropped connections are the injected ones.
 */
export function keepIdleConnectionsOpen(server: { keepAliveTimeout: number }): void {
  server.keepAliveTimeout = 0;
}
