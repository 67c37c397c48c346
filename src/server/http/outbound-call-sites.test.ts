import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every module of src/server that can open a network connection, and who decides where it goes
 * (a NetSuite account id once sent the server to 127.0.0.1). A module counts when
 * it loads a networking module or SDK at run time (see importsOf), or calls the global fetch. Each must be listed below:
 * - "user": a user's settings decide the host, so the module must go through the outbound rule
 *   (http/outbound-address.ts, or http/outbound-request.ts which applies it);
 * - "fixed": the provider's own hosts or the operator's configuration, and why.
 * A new call site fails this test until someone decides which it is; a "user" one without the guard fails too.
 */
const NETWORK_MODULES = [
  "node:http",
  "node:https",
  "node:net",
  "node:tls",
  "node:dgram",
  "undici",
  "imapflow",
  "nodemailer",
  "stripe",
  "@googleapis/calendar",
  "@googleapis/meet",
  "google-auth-library",
  "@azure/msal-node",
  "@microsoft/microsoft-graph-client",
  "xero-node",
  "twilio",
  "pg",
  "ws",
];

type Site = { host: "user" } | { host: "fixed"; why: string };

const CALL_SITES: Record<string, Site> = {
  "http/outbound-address.ts": { host: "fixed", why: "the rule itself (node:net only parses addresses)" },
  "http/outbound-request.ts": { host: "user" },
  "emails/imap-connection.ts": { host: "user" },
  "capture/calendar/fetch-feed.ts": { host: "user" },
  "accounting/http.ts": {
    host: "fixed",
    why: "providers' own hosts or ACCOUNTING endpoint config; a host from the user's settings (NetSuite) sets hostFromUser and goes through http/outbound-request.ts",
  },
  "accounting/providers/xero/xero-api.ts": { host: "fixed", why: "Xero's API or XERO_BASE_URL; the tenant id is a header" },
  "capture/meet/google-clients.ts": { host: "fixed", why: "Google's APIs or GOOGLE_OAUTH_BASE / GOOGLE_API_BASE" },
  "capture/phone/receive-twilio.ts": { host: "fixed", why: "signature check only, no connection" },
  "capture/teams/graph.ts": { host: "fixed", why: "MICROSOFT_GRAPH_BASE" },
  "capture/teams/identity.ts": { host: "fixed", why: "MICROSOFT_AUTHORITY_HOST; the tenant id is a path segment" },
  "capture/teams/microsoft-fetch.ts": { host: "fixed", why: "the fetch of graph.ts and identity.ts" },
  "capture/zoom/zoom-rest.ts": {
    host: "fixed",
    why: "Zoom's OAuth and REST hosts or ZOOM_OAUTH_BASE / ZOOM_API_BASE (reconciliation)",
  },
  "emails/oauth.ts": { host: "fixed", why: "Google's and Microsoft's token endpoints or OAUTH_TOKEN_URL_OVERRIDE" },
  "subscription/stripe/stripe-client.ts": { host: "fixed", why: "Stripe's API or STRIPE_API_BASE" },
  "http/smtp-transport.ts": { host: "fixed", why: "SMTP_URL" },
  "http/trust-proxy.ts": { host: "fixed", why: "node:net only parses addresses" },
  "http/startup-checks.ts": { host: "fixed", why: "binds HOST:PORT for a moment at start (the port probe); connects nowhere" },
  "db/client.ts": { host: "fixed", why: "DATABASE_URL" },
  "db/pg-batched-statement.ts": { host: "fixed", why: "the app's own database connection" },
  "db/prepared-query.ts": { host: "fixed", why: "the app's own database connection" },
  "db/statement-transaction.ts": { host: "fixed", why: "the app's own database connection" },
  "db/transaction-statements.ts": { host: "fixed", why: "the app's own database connection" },
  "live/call-change-hub.ts": { host: "fixed", why: "the app's own database connection (LISTEN)" },
};

const SERVER = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const GUARDS = ["http/outbound-address.js", "http/outbound-request.js", "./outbound-address.js"];

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** Modules loaded at run time: static imports (not `import type`), `import("…")`, `require("…")` and `onFirstUse("…")` (http/on-first-use.ts). */
function importsOf(source: string): string[] {
  const patterns = [
    /^import\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gms,
    /(?<!typeof\s)\bimport\(\s*"([^"]+)"\s*\)/g,
    /\brequire\(\s*"([^"]+)"\s*\)/g,
    /\bonFirstUse(?:<.*?>)?\(\s*"([^"]+)"\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

function outboundModules(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(SERVER)) {
    const source = fs.readFileSync(file, "utf8");
    const network = importsOf(source).filter((name) => NETWORK_MODULES.includes(name));
    if (/(?<![.\w])fetch\(/.test(source)) network.push("fetch");
    if (network.length > 0) found.set(path.relative(SERVER, file).split(path.sep).join("/"), network);
  }
  return found;
}

describe("outbound call sites (issue 23 defect 3)", () => {
  const found = outboundModules();

  it("every module that can open a connection is listed, and every listed one still does", () => {
    expect([...found.keys()].sort()).toEqual(Object.keys(CALL_SITES).sort());
  });

  it.each(Object.entries(CALL_SITES).filter(([, site]) => site.host === "user"))(
    "%s, whose host a user decides, goes through the outbound rule",
    (file) => {
      const source = fs.readFileSync(path.join(SERVER, file), "utf8");
      expect(importsOf(source).some((name) => GUARDS.some((guard) => name.endsWith(guard)))).toBe(true);
    },
  );

  it("the NetSuite provider sends its account's own host through the outbound rule", () => {
    const source = fs.readFileSync(path.join(SERVER, "accounting/providers/netsuite/netsuite.ts"), "utf8");
    expect(source).toMatch(/hostFromUser: configured === undefined/);
  });
});

describe("requestPublicHost", () => {
  it("refuses a loopback host before any connection, and reaches it only where private hosts are allowed", async () => {
    const http = await import("node:http");
    let connections = 0;
    const server = http.createServer((_request, response) => response.end("inside"));
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const { requestPublicHost } = await import("./outbound-request.js");
    const { PrivateAddressError } = await import("./outbound-address.js");
    try {
      const request = { method: "GET", headers: {}, timeoutMs: 5000 };
      await expect(requestPublicHost(`https://127.0.0.1:${port}/x?`, { ...request, allowPrivate: false })).rejects.toThrow(
        PrivateAddressError,
      );
      await expect(
        requestPublicHost(`http://[::ffff:127.0.0.1]:${port}/`, { ...request, allowPrivate: false }),
      ).rejects.toThrow();
      expect(connections).toBe(0);
      const allowed = await requestPublicHost(`http://127.0.0.1:${port}/`, { ...request, allowPrivate: true });
      expect({ status: allowed.status, text: allowed.text }).toEqual({ status: 200, text: "inside" });
    } finally {
      server.close();
    }
  });
});
