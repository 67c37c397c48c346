/**
 * Whether a URL points at an address only this computer or its own network can reach (localhost,
 * loopback, private IPv4 ranges, `.local`/`.localhost` names, IPv6 loopback and unique-local): a
 * provider's servers cannot deliver webhooks there, so the screen asks for PUBLIC_URL instead.
 */
export function isLocalOnlyUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return true;
  const bare = host.replace(/^\[|\]$/g, "");
  if (bare === "::1" || /^f[cd][0-9a-f]{2}:/.test(bare) || /^fe80:/.test(bare)) return true;
  const octets = bare.split(".").map(Number);
  if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet))) return false;
  const [a = -1, b = -1] = octets;
  return (
    a === 127 || a === 10 || a === 0 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254)
  );
}
