import type { FastifyRequest } from "fastify";
import ipaddr from "ipaddr.js";
import type { Config } from "../config.js";
import type { TrustProxy } from "./trust-proxy.js";

/**
 * The origin of every URL handed to a provider or mailed to a person (OAuth redirect_uri, webhook
 * URLs, email links, Stripe return URLs), in this order:
 * 1. PUBLIC_URL (set it in production);
 * 2. behind a proxy that TRUST_PROXY trusts, the host and protocol it forwarded (X-Forwarded-Host/Proto);
 * 3. the address and port this connection reached (the listening address).
 * Never the request's own Host header: `Host: evil.test` once made the OAuth redirect_uri and the
 * webhook URL `http://evil.test/...` (docs/security.md). Where the result is a local-only address
 * the settings screens say to set PUBLIC_URL (web/integrations/unreachable-url-note.tsx).
 */
export function publicOrigin(config: Pick<Config, "publicUrl" | "trustProxy">, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  // Fastify reads X-Forwarded-Host and -Proto only from a trusted peer; here only then too.
  if (request.headers["x-forwarded-host"] && trustsPeer(config.trustProxy, request.socket.remoteAddress))
    return `${request.protocol}://${request.host}`;
  return `${request.protocol}://${listeningAddress(request)}`;
}

/** `127.0.0.1:5000`, `[::1]:5000`: where this connection arrived (an IPv4-mapped address as IPv4). */
function listeningAddress(request: FastifyRequest): string {
  const raw = request.socket.localAddress ?? "127.0.0.1";
  const address = ipaddr.isValid(raw) ? ipaddr.process(raw) : null;
  const host = address === null ? raw : address.kind() === "ipv6" ? `[${address.toString()}]` : address.toString();
  return `${host}:${request.socket.localPort}`;
}

/** proxy-addr's named ranges, which TRUST_PROXY accepts (http/trust-proxy.ts). */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** Whether the direct peer is a proxy TRUST_PROXY names (any peer for a hop count, since every client comes through them). */
function trustsPeer(setting: TrustProxy, peer: string | undefined): boolean {
  if (setting === false || !peer || !ipaddr.isValid(peer)) return false;
  if (typeof setting === "number") return setting > 0;
  const address = ipaddr.process(peer);
  return setting.some((entry) =>
    (NAMED_RANGES[entry] ?? [entry]).some((range) => {
      if (!range.includes("/")) return ipaddr.isValid(range) && ipaddr.process(range).toString() === address.toString();
      const [network, prefix] = ipaddr.parseCIDR(range);
      return network.kind() === address.kind() && address.match(network, prefix);
    }),
  );
}
