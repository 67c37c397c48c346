import { randomBytes } from "node:crypto";

/**
 * Request ids (docs/decisions.md D14): a random prefix drawn once per process and a counter, so ids are
 * unique across instances and restarts. A UUID per request costs a measurable share of the cheapest
 * requests, and an id only has to be unique, not unguessable: it authorises nothing.
 */
export function requestIdGenerator(): () => string {
  const prefix = randomBytes(9).toString("base64url");
  let counter = 0;
  return () => `${prefix}-${(++counter).toString(36)}`;
}
