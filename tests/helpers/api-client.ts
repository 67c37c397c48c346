import http from "node:http";
import zlib from "node:zlib";
import { Agent, request as undiciRequest } from "undici";
import { checkAnswer } from "./response-contracts.js";

/**
 * `localAddress`: the source address of the client's connections. Linux routes all of 127.0.0.0/8 to
 * loopback, so 127.0.0.2 is a second real client address for tests of per-address rules.
 */
export type ApiClientOptions = { localAddress?: string };

/** A small HTTP client for API tests: real requests, a cookie jar, the app's XMLHttpRequest marker by default. */
/** Routes answering text/event-stream (see openAndClose). */
const EVENT_STREAMS = ["/api/calls/stream"];

export type ApiResponse<T = any> = { status: number; body: T; text: string; headers: Headers };

export class ApiClient {
  private readonly cookies = new Map<string, string>();

  private readonly dispatcher: Agent | undefined;

  private readonly localAddress: string | undefined;

  constructor(
    readonly baseUrl: string,
    options: ApiClientOptions = {},
  ) {
    this.dispatcher = options.localAddress ? new Agent({ localAddress: options.localAddress }) : undefined;
    this.localAddress = options.localAddress;
  }

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string>; marker?: boolean } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.marker !== false) headers["x-requested-with"] = "XMLHttpRequest";
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] ??= "application/json";
    } else if (options.rawBody !== undefined) {
      body = options.rawBody;
    }
    if (method.toUpperCase() === "GET" && EVENT_STREAMS.includes(path.split("?")[0] ?? "")) return this.openAndClose<T>(path, headers);
    const response = await send(this.baseUrl + path, method, headers, body, this.dispatcher);
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = setCookie.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (!name) continue;
      if (!value || expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = response.text;
    let parsed: unknown = text;
    if ((response.headers.get("content-type") ?? "").includes("application/json") && text) {
      parsed = JSON.parse(text);
      // Every 2xx JSON answer must match its route's response schema in GET /api/openapi.json.
      await checkAnswer(this.baseUrl, method.toUpperCase(), path, response.status, parsed);
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("GET", path, { headers });
  }
  post<T = any>(path: string, json?: unknown) {
    return this.request<T>("POST", path, json === undefined ? {} : { json });
  }
  put<T = any>(path: string, json?: unknown) {
    return this.request<T>("PUT", path, { json });
  }
  patch<T = any>(path: string, json?: unknown) {
    return this.request<T>("PATCH", path, { json });
  }
  delete<T = any>(path: string) {
    return this.request<T>("DELETE", path);
  }
  /**
   * An event stream never ends by itself: its status and headers are the answer and the connection is
   * closed at once, so route walkers (fuzz, bad input) call it like any other GET. node:http, not fetch:
   * after an aborted undici fetch the server was left holding a connection until its 60 s timeout.
   * A refusal (JSON) is read and checked as usual.
   */
  private openAndClose<T>(path: string, headers: Record<string, string>): Promise<ApiResponse<T>> {
    return new Promise((resolve, reject) => {
      const request = http.get(this.baseUrl + path, { headers, localAddress: this.localAddress }, (response) => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === "string") answerHeaders.set(name, value);
        if ((answerHeaders.get("content-type") ?? "").startsWith("text/event-stream")) {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: "" as T, text: "", headers: answerHeaders });
          return;
        }
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          const body = (answerHeaders.get("content-type") ?? "").includes("application/json") && text ? JSON.parse(text) : text;
          resolve({ status: response.statusCode ?? 0, body: body as T, text, headers: answerHeaders });
        });
      });
      request.on("error", reject);
    });
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** What fetch adds to a request that does not say otherwise (Node's undici, over http). */
const FETCH_DEFAULTS: Record<string, string> = {
  accept: "*/*",
  "accept-language": "*",
  "sec-fetch-mode": "cors",
  "user-agent": "node",
  "accept-encoding": "gzip, deflate",
};
/** The methods fetch writes in capitals whatever the caller's case (PATCH is not one of them). */
const NORMALISED_METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);

/**
 * One request as fetch(…, { redirect: "manual" }) sends it and reads its answer: the same headers, methods, body
 * types and decoding, through undici's request() instead of fetch's web streams, which were about a tenth of an
 * API test's CPU (docs/performance.md, issue 22 §2). The server cannot tell the two apart.
 */
async function send(
  url: string,
  method: string,
  given: Record<string, string>,
  body: string | Uint8Array | undefined,
  dispatcher: Agent | undefined,
): Promise<{ status: number; headers: Headers; text: string }> {
  const headers: Record<string, string> = {};
  // As fetch's Headers: names in any case are one header, and a name given twice joins its values.
  for (const [name, value] of Object.entries(given)) {
    const key = name.toLowerCase();
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  }
  for (const [name, value] of Object.entries(FETCH_DEFAULTS)) headers[name] ??= value;
  if (typeof body === "string") headers["content-type"] ??= "text/plain;charset=UTF-8";
  const upper = method.toUpperCase();
  const answer = await undiciRequest(url, {
    method: (NORMALISED_METHODS.has(upper) ? upper : method) as "GET",
    headers,
    body,
    ...(dispatcher ? { dispatcher } : {}),
  });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const each of value) answerHeaders.append(name, each);
    else if (value !== undefined) answerHeaders.append(name, value);
  }
  let raw = Buffer.from(await answer.body.arrayBuffer());
  const encoding = (answerHeaders.get("content-encoding") ?? "").trim().toLowerCase();
  if (raw.length && (encoding === "gzip" || encoding === "x-gzip")) raw = zlib.gunzipSync(raw);
  else if (raw.length && encoding === "deflate") raw = zlib.inflateSync(raw);
  // TextDecoder drops a leading byte-order mark, as fetch's text() does.
  return { status: answer.statusCode, headers: answerHeaders, text: new TextDecoder().decode(raw) };
}
