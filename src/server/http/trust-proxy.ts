import net from "node:net";

/**
 * Which proxies may tell us the client's address and protocol (X-Forwarded-For, X-Forwarded-Proto):
 * none (`false`), the nearest N hops, or the listed addresses and CIDR ranges. Fastify's `trustProxy`
 * takes all three. `true` (trust every hop) is refused: a client then picks its own address by
 * sending X-Forwarded-For, and every per-address limit counts nothing (docs/security.md).
 * A hop count believes whatever the nearest N hops say, so it is only for an app that can be reached
 * through its proxies alone; otherwise list the proxies' addresses.
 */
export type TrustProxy = false | number | string[];

/**
 * The setting as Fastify's `trustProxy` option. A hop count becomes a function: Fastify 5.12 turns a
 * number into "trust nobody", since it cannot check the nearest peer; here the operator has declared
 * that every client comes through N proxies.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}

export const TRUST_PROXY_TRUE_MESSAGE =
  "TRUST_PROXY=true would trust any client's X-Forwarded-For. Set the number of proxies in front of the app (TRUST_PROXY=1 behind one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1), or false";

/** proxy-addr's names for reserved ranges, accepted as list entries. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY's text as a setting, or the sentence that tells the operator what to write instead. */
export function parseTrustProxy(text: string): { value: TrustProxy } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed === "false") return { value: false };
  if (trimmed === "true") return { error: TRUST_PROXY_TRUE_MESSAGE };
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops > 100) return { error: `TRUST_PROXY=${trimmed} is not a believable number of proxies` };
    return { value: hops === 0 ? false : hops };
  }
  const entries = trimmed.split(",").map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    return {
      error: `TRUST_PROXY: "${wrong}" is not an IP address or CIDR range; use false, a number of proxies, or a comma-separated list of their addresses`,
    };
  }
  return { value: entries };
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry) || net.isIP(entry) !== 0) return true;
  const [address, prefix, ...rest] = entry.split("/");
  if (rest.length > 0 || address === undefined || prefix === undefined || !/^\d{1,3}$/.test(prefix)) return false;
  const version = net.isIP(address);
  return version !== 0 && Number(prefix) <= (version === 4 ? 32 : 128);
}
