import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_TIMEOUTS } from "../../src/server/http/http-timeouts.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 11, defect 10: with the default settings a stalled or trickling client is cut off. The
 * probe left 300 sockets that had sent headers and 4 of 100 body bytes open for 128 s.
 *
 * What is asserted is the event, not how soon it came (issue 22: no latency in tests): the server
 * answers 408 Request Timeout and closes the socket. Only the header and request deadlines answer
 * 408 (Fastify's clientError handler); the last-resort idle time-out (60 s) closes a socket without
 * a word, so a 408 shows it was the deadline that fired. Each test waits as long as it takes, within
 * a budget far above the deadlines.
 *
 * The stalled clients meet a server whose header and request deadlines are 1 and 1.5 s instead of 10
 * and 15 s (Config.httpTimeouts): the client stalls for ever, so only the wait changes, not what is
 * tested. The app with the defaults shows they are the ones the server runs with.
 */
const SHORT = { ...HTTP_TIMEOUTS, headersMs: 1_000, requestMs: 1_500, checkIntervalMs: 250 };
const BUDGET_MS = 6 * HTTP_TIMEOUTS.connectionMs;
const REQUEST_TIMEOUT_ANSWER = /^HTTP\/1\.1 408 Request Timeout\r\n/;

let t: TestApp;
let short: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  short = await startTestApp({ httpTimeouts: SHORT });
  port = Number(new URL(short.baseUrl).port);
});
afterAll(async () => {
  await short?.close();
  await t?.close();
});

/** Opens a raw socket, lets `drive` write to it, and resolves with what it received once the server closes it. */
function whenServerCloses(drive: (socket: net.Socket) => void, onTestFinished: (cleanup: () => void) => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    onTestFinished(() => socket.destroy());
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(received));
    socket.on("connect", () => drive(socket));
  });
}

describe("request timeouts", () => {
  it("are the documented deadlines by default: headers 10 s, request 15 s, keep-alive 72 s, silence 60 s", () => {
    expect(t.app.server.headersTimeout).toBe(10_000);
    expect(t.app.server.requestTimeout).toBe(15_000);
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    expect(t.app.server.timeout).toBe(60_000);
  });

  it.concurrent(
    "closes a socket that sent its headers and 4 of 100 body bytes, answering 408",
    async ({ onTestFinished }) => {
      const received = await whenServerCloses((socket) => {
        socket.write(
          "POST /api/waitlist HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\nContent-Length: 100\r\n\r\n",
        );
        socket.write('{"em');
      }, onTestFinished);
      expect(received).toMatch(REQUEST_TIMEOUT_ANSWER);
    },
    BUDGET_MS,
  );

  it.concurrent(
    "closes a socket that trickles its headers, a line every tenth of the header deadline, answering 408",
    async ({ onTestFinished }) => {
      let timer: NodeJS.Timeout | undefined;
      onTestFinished(() => clearInterval(timer));
      const received = await whenServerCloses((socket) => {
        socket.write("GET /api/auth/user HTTP/1.1\r\nHost: localhost\r\n");
        let line = 0;
        timer = setInterval(() => socket.writable && socket.write(`X-Slow-${++line}: a\r\n`), SHORT.headersMs / 10);
      }, onTestFinished);
      expect(received).toMatch(REQUEST_TIMEOUT_ANSWER);
    },
    BUDGET_MS,
  );

  it.concurrent(
    "closes a socket that connects and says nothing, answering 408",
    async ({ onTestFinished }) => {
      const received = await whenServerCloses(() => {}, onTestFinished);
      expect(received).toMatch(REQUEST_TIMEOUT_ANSWER);
    },
    BUDGET_MS,
  );

  it("still serves an ordinary request", async () => {
    const response = await t.client().get("/api/auth/user");
    expect(response.status).toBe(401);
  });
});
