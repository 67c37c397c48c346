import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { AppError } from "../../core/errors.js";

/**
 * The one rule for connections the server opens to an address a user typed (a mail server today;
 * webhook callbacks, calendar feeds and accounting servers later): only public unicast addresses,
 * unless the operator allows private ones (ALLOW_PRIVATE_MAIL_HOSTS, tests, an office's own server).
 * Otherwise a settings form is a probe of the server's own network: loopback databases, the
 * cloud metadata service (169.254.169.254, fd00:ec2::254), the office LAN.
 *
 * Decided on the addresses a name resolves to, and again for every connection: the caller
 * resolves once with `resolvePublicHost` and connects with `pinnedLookup` to exactly the addresses
 * it checked, so a name that changes its answer between check and connect (DNS rebinding) cannot
 * slip through. The host name stays the connection's name for TLS (SNI and certificate checks).
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** IPv6 ranges that carry an IPv4 address inside; the IPv4 address decides. */
const EMBEDS_IPV4 = new Set(["ipv4Mapped", "rfc6145", "rfc6052", "6to4"]);
/** ::/96, the deprecated IPv4-compatible form (RFC 4291 2.5.5.1), which ipaddr.js calls unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");
/** 64:ff9b:1::/48, NAT64 for local use only (RFC 8215): a private network's translator. */
const LOCAL_NAT64 = ipaddr.parseCIDR("64:ff9b:1::/48");

/** True for a public unicast address; false for loopback, private, link-local, CGNAT, multicast, reserved and the like. */
export function isPublicAddress(address: string): boolean {
  const literal = address.replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(literal) || net.isIP(literal) === 0) return false;
  const parsed = ipaddr.parse(literal);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (v6.match(LOCAL_NAT64)) return false;
  if (EMBEDS_IPV4.has(range)) return isPublicAddress(embeddedIpv4(v6, range));
  if (v6.match(IPV4_COMPATIBLE)) return false;
  return range === "unicast";
}

/** The IPv4 address inside a mapped, translated (RFC 6145/6052) or 6to4 IPv6 address. */
function embeddedIpv4(address: ipaddr.IPv6, range: string): string {
  const bytes = address.toByteArray();
  const v4 = range === "6to4" ? bytes.slice(2, 6) : bytes.slice(12, 16);
  return v4.join(".");
}

/** What a user reads when an address is refused, at save time and at connect time alike. */
export function privateAddressMessage(address: string): string {
  return `Minutely does not connect to private or local network addresses (${address} is one). Use your mail provider's public IMAP server.`;
}

export class PrivateAddressError extends AppError {
  constructor(readonly address: string) {
    super("validation_error", privateAddressMessage(address), [{ path: "host", message: privateAddressMessage(address) }]);
  }
}

type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) => {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

/**
 * The addresses to connect to for `host`, every one of them checked: throws PrivateAddressError
 * (400, naming the address) when any is not public and private ones are not allowed. DNS failures
 * (ENOTFOUND and the like) are thrown as they are, for the caller to describe.
 */
export async function resolvePublicHost(
  host: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<ResolvedAddress[]> {
  const name = host.replace(/^\[(.*)\]$/, "$1");
  const family = net.isIP(name);
  const addresses = family ? [{ address: name, family: family as 4 | 6 }] : await (options.resolve ?? systemResolver)(name);
  if (addresses.length === 0) throw Object.assign(new Error(`${name} has no address`), { code: "ENOTFOUND" });
  if (!options.allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) throw new PrivateAddressError(refused.address);
  }
  return addresses;
}

/** A `lookup` for net/tls.connect (or an http Agent) that answers only the addresses already checked. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted =
      options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const usable = wanted.length > 0 ? wanted : addresses;
    if (options.all) (callback as (e: null, all: ResolvedAddress[]) => void)(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  };
}
