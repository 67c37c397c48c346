import http from "node:http";
import https from "node:https";
import { AppError } from "../../../core/errors.js";
import { PrivateAddressError, pinnedLookup, resolvePublicHost } from "../../http/outbound-address.js";

/**
 * One conditional GET of a calendar feed (docs/calendar-capture.md): If-None-Match with the stored ETag and
 * If-Modified-Since with the stored Last-Modified, so an unchanged feed costs one request answered
 * 304 and nothing else. The address is a user's: every hop (the first and each redirect) is resolved
 * and checked by http/outbound-address.ts and connected to exactly the addresses checked (SSRF,
 * DNS rebinding); plain http only where the operator allows private hosts. Bounded in time, size
 * and redirects.
 */
export type FeedValidators = { etag?: string | null; lastModified?: string | null };

export type FeedFetchOptions = {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
};

export const FEED_FETCH_DEFAULTS: Omit<FeedFetchOptions, "allowPrivate"> = {
  timeoutMs: 15_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 3,
};

export type FeedFetchResult =
  | { kind: "not_modified" }
  | { kind: "content"; body: string; etag: string | null; lastModified: string | null };

/** A fetch that did not give a calendar: the message is shown as the feed's last error. */
export class FeedFetchError extends Error {}

export async function fetchFeed(url: URL, validators: FeedValidators, options: FeedFetchOptions): Promise<FeedFetchResult> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const answer = await requestOnce(current, validators, options);
    if (answer.kind !== "redirect") return answer;
    if (hop >= options.maxRedirects) throw new FeedFetchError(`too many redirects (more than ${options.maxRedirects})`);
    current = new URL(answer.location, current);
  }
}

type HopResult = FeedFetchResult | { kind: "redirect"; location: string };

async function requestOnce(url: URL, validators: FeedValidators, options: FeedFetchOptions): Promise<HopResult> {
  if (url.protocol !== "https:" && !(url.protocol === "http:" && options.allowPrivate))
    throw new AppError("validation_error", "Calendar addresses must use https:// (or webcal://)");
  let addresses: Awaited<ReturnType<typeof resolvePublicHost>>;
  try {
    addresses = await resolvePublicHost(url.hostname, { allowPrivate: options.allowPrivate });
  } catch (error) {
    if (error instanceof PrivateAddressError)
      throw new AppError(
        "validation_error",
        `Minutely does not fetch calendars from private or local network addresses (${error.address} is one). Use the calendar's public address.`,
      );
    throw new FeedFetchError(`${url.hostname} could not be found`);
  }
  const headers: Record<string, string> = { accept: "text/calendar, */*;q=0.5", "user-agent": "Minutely calendar feed" };
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;
  const transport = url.protocol === "https:" ? https : http;

  return new Promise<HopResult>((resolve, reject) => {
    const request = transport.request(url, {
      method: "GET",
      headers,
      lookup: pinnedLookup(addresses),
      timeout: options.timeoutMs,
    });
    const fail = (message: string) => {
      clearTimeout(deadline);
      request.destroy();
      reject(new FeedFetchError(message));
    };
    // One deadline for the whole answer, not only for idle sockets: a feed trickling bytes is cut too.
    const deadline = setTimeout(() => fail(`no answer within ${Math.round(options.timeoutMs / 1000)} s`), options.timeoutMs);
    request.on("timeout", () => fail(`no answer within ${Math.round(options.timeoutMs / 1000)} s`));
    request.on("error", (error) => {
      clearTimeout(deadline);
      reject(error instanceof FeedFetchError ? error : new FeedFetchError(error.message));
    });
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const header = (name: string) => {
        const value = response.headers[name];
        return typeof value === "string" ? value : null;
      };
      if (status === 304) {
        clearTimeout(deadline);
        response.resume();
        return resolve({ kind: "not_modified" });
      }
      if (status >= 300 && status < 400 && header("location")) {
        clearTimeout(deadline);
        response.resume();
        return resolve({ kind: "redirect", location: header("location")! });
      }
      if (status !== 200) {
        response.resume();
        return fail(`the server answered HTTP ${status}`);
      }
      const declared = Number(header("content-length") ?? "0");
      if (declared > options.maxBytes) return fail(`larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) return fail(`larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
        chunks.push(chunk);
      });
      response.on("error", (error) => fail(error.message));
      response.on("end", () => {
        clearTimeout(deadline);
        resolve({
          kind: "content",
          body: Buffer.concat(chunks).toString("utf8"),
          etag: header("etag"),
          lastModified: header("last-modified"),
        });
      });
    });
    request.end();
  });
}
