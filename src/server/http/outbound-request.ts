import http from "node:http";
import https from "node:https";
import { pinnedLookup, resolvePublicHost } from "./outbound-address.js";

/**
 * One HTTP(S) request to a host a user's settings decide (a NetSuite account's REST host today),
 * through the outbound rule of outbound-address.ts: the name is resolved, every address checked
 * (public only unless `allowPrivate`), and the socket goes to exactly the addresses checked (DNS
 * rebinding), keeping the name for TLS. No redirects are followed. The answer is fetch-shaped
 * (status, Headers, text) so callers written for fetch keep their parsing.
 *
 * Refusals throw PrivateAddressError (from outbound-address.ts); DNS and socket failures throw as
 * they are, a time-out as an Error named "TimeoutError" (as fetch's AbortSignal.timeout does).
 */
export type OutboundRequest = {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** An answer larger than this is cut off with an error (default 10 MB). */
  maxBytes?: number;
};

export type OutboundAnswer = { status: number; headers: Headers; text: string };

export async function requestPublicHost(url: string | URL, request: OutboundRequest): Promise<OutboundAnswer> {
  const target = new URL(url);
  if (target.protocol !== "https:" && !(target.protocol === "http:" && request.allowPrivate))
    throw new Error(`${target.host} must be reached over https`);
  const addresses = await resolvePublicHost(target.hostname, { allowPrivate: request.allowPrivate });
  const transport = target.protocol === "https:" ? https : http;
  const maxBytes = request.maxBytes ?? 10 * 1024 * 1024;

  return new Promise<OutboundAnswer>((resolve, reject) => {
    const outgoing = transport.request(target, {
      method: request.method,
      headers: request.headers,
      lookup: pinnedLookup(addresses),
    });
    const fail = (error: Error) => {
      clearTimeout(deadline);
      outgoing.destroy();
      reject(error);
    };
    const deadline = setTimeout(
      () => fail(Object.assign(new Error(`${target.host} did not answer in time`), { name: "TimeoutError" })),
      request.timeoutMs,
    );
    outgoing.on("error", fail);
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return fail(new Error(`${target.host} answered more than ${maxBytes} bytes`));
        chunks.push(chunk);
      });
      response.on("error", fail);
      response.on("end", () => {
        clearTimeout(deadline);
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (Array.isArray(value)) for (const one of value) headers.append(name, one);
          else if (value !== undefined) headers.set(name, value);
        }
        resolve({ status: response.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    outgoing.end(request.body);
  });
}
