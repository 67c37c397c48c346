import type { FastifyInstance, RouteHandlerMethod } from "fastify";

/**
 * Counts route handlers that are still running. Fastify's close waits for open connections, not for handlers:
 * a client that hung up (a bench's last requests, a browser tab closed) leaves its handler working on after its
 * socket is gone, and closing the database under it failed the handler's next query ("Cannot use a pool after
 * calling end on the pool", docs/performance.md). The app waits for them (bounded) before it closes
 * the job queue and the database.
 */
export function trackInFlightHandlers(app: FastifyInstance): { drain: (timeoutMs: number) => Promise<void> } {
  let running = 0;
  let drained: (() => void) | null = null;
  const finished = () => {
    running -= 1;
    if (running === 0) drained?.();
  };
  app.addHook("onRoute", (route) => {
    const handler = route.handler as (...args: unknown[]) => unknown;
    route.handler = function (this: unknown, ...args: unknown[]) {
      const result = handler.apply(this, args);
      // Every route here is async; a callback-style handler (none today) would not be counted.
      if (result instanceof Promise) {
        running += 1;
        result.then(finished, finished);
      }
      return result;
    } as RouteHandlerMethod;
  });
  return {
    async drain(timeoutMs) {
      if (running === 0) return;
      app.log.info({ running }, "waiting for %d request(s) to finish before closing the database", running);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
