import net from "node:net";
import { describe, expect, it } from "vitest";
import {
  isPublicAddress,
  PrivateAddressError,
  pinnedLookup,
  privateAddressMessage,
  resolvePublicHost,
} from "./outbound-address.js";

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("accepts the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "RFC 1918"],
    ["172.16.0.1", "RFC 1918"],
    ["172.31.255.255", "RFC 1918"],
    ["192.168.1.1", "RFC 1918"],
    ["169.254.169.254", "cloud metadata (link-local)"],
    ["169.254.0.1", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["::1", "IPv6 loopback"],
    ["[::1]", "IPv6 loopback in brackets"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with a zone"],
    ["fc00::1", "unique-local"],
    ["fd00:ec2::254", "AWS metadata over IPv6"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::ffff:0:127.0.0.1", "IPv4-translated (RFC 6145) loopback"],
    ["64:ff9b::7f00:1", "NAT64 (RFC 6052) of loopback"],
    ["64:ff9b:1::1", "local-use NAT64 (RFC 8215)"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["::127.0.0.1", "IPv4-compatible (deprecated)"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001:db8::1", "documentation"],
    ["127.1", "non-canonical IPv4"],
    ["2130706433", "an integer"],
    ["imap.example.com", "a name, not an address"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe("resolvePublicHost", () => {
  const resolverOf = (addresses: string[]) => async () =>
    addresses.map((address) => ({ address, family: net.isIP(address) as 4 | 6 }));

  it("refuses a name when any of its addresses is private, naming that address", async () => {
    const result = resolvePublicHost("mail.example.com", {
      allowPrivate: false,
      resolve: resolverOf(["8.8.8.8", "169.254.169.254"]),
    });
    await expect(result).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(result).rejects.toMatchObject({ status: 400, message: privateAddressMessage("169.254.169.254") });
  });

  it("checks an address literal without asking DNS", async () => {
    const never = async () => {
      throw new Error("DNS must not be asked");
    };
    await expect(resolvePublicHost("[::1]", { allowPrivate: false, resolve: never })).rejects.toMatchObject({
      message:
        "Minutely does not connect to private or local network addresses (::1 is one). Use your mail provider's public IMAP server.",
    });
    expect(await resolvePublicHost("8.8.8.8", { allowPrivate: false, resolve: never })).toEqual([
      { address: "8.8.8.8", family: 4 },
    ]);
  });

  it("lets the operator allow private addresses", async () => {
    expect(await resolvePublicHost("db.internal", { allowPrivate: true, resolve: resolverOf(["10.0.0.5"]) })).toEqual([
      { address: "10.0.0.5", family: 4 },
    ]);
  });
});

describe("pinnedLookup", () => {
  it("connects to the checked address whatever the name would resolve to now (DNS rebinding)", async () => {
    const server = net.createServer((socket) => socket.end("hello"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      // "rebind.invalid" has no DNS answer at all: only the pinned address can make this connect.
      const greeting = await new Promise<string>((resolve, reject) => {
        const socket = net.connect({ host: "rebind.invalid", port, lookup: pinnedLookup([{ address: "127.0.0.1", family: 4 }]) });
        socket.once("data", (data) => resolve(data.toString()));
        socket.once("error", reject);
      });
      expect(greeting).toBe("hello");
    } finally {
      server.close();
    }
  });
});
