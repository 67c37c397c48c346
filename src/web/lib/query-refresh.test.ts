import fs from "node:fs";
import path from "node:path";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { familyOf, QUERY_FAMILIES, type QueryFamily, queryKeys } from "./query-keys";
import { isRefreshedBy, REFRESHES, refreshAfter, type WriteKind } from "./query-refresh";

/** One key of every family, as the screens build them. */
const SAMPLE_KEYS: Record<QueryFamily, readonly unknown[]> = {
  clients: queryKeys.clients(),
  analytics: queryKeys.analytics("period=month"),
  auditLog: queryKeys.auditLog("q=rate"),
  recordHistory: queryKeys.recordHistory("calls", 7),
  client: queryKeys.client(7),
  clientCalls: queryKeys.clientCalls(7),
  clientEmails: queryKeys.clientEmails(7),
  clientInvoices: queryKeys.clientInvoices(7),
  recentCalls: queryKeys.recentCalls(),
  activeCalls: queryKeys.activeCalls(),
  clientLogCalls: queryKeys.clientLogCalls(7, "2026-03-01", "2026-03-31"),
  clientLogEmails: queryKeys.clientLogEmails(7, "2026-03-01", "2026-03-31"),
  recentEmails: queryKeys.recentEmails(10),
  clientPeriodTotals: queryKeys.clientPeriodTotals(7, "2026-03-01", "2026-03-31"),
  callsPage: queryKeys.callsPage("clientId=7&startDate=2026-03-01&endDate=2026-03-31&limit=50"),
  emailsPage: queryKeys.emailsPage("clientId=7&limit=50"),
  invoicesPage: queryKeys.invoicesPage("limit=50"),
  dashboardStats: queryKeys.dashboardStats(),
  invoices: queryKeys.invoices(),
  mailbox: queryKeys.mailbox(),
  settings: queryKeys.settings(),
  zoomIntegration: queryKeys.zoomIntegration(),
  teamsIntegration: queryKeys.teamsIntegration(),
  reconciliation: queryKeys.reconciliation("zoom"),
  meetIntegration: queryKeys.meetIntegration(),
  calendarFeed: queryKeys.calendarFeed(),
  callProposals: queryKeys.callProposals(),
  mobileIntegration: queryKeys.mobileIntegration(),
  landlineIntegration: queryKeys.landlineIntegration(),
  integrationStatus: queryKeys.integrationStatus(),
  phoneIntegration: queryKeys.phoneIntegration(),
  unreadNotifications: queryKeys.unreadNotifications(),
  billingSubscription: queryKeys.billingSubscription(),
  billingSeats: queryKeys.billingSeats(),
  teamOverview: queryKeys.teamOverview(),
  teamPeople: queryKeys.teamPeople(),
  stripeTest: queryKeys.stripeTest(),
  platformInfo: queryKeys.platformInfo(),
  platformStatus: queryKeys.platformStatus(),
  platformTracking: queryKeys.platformTracking(),
  financialIntegrations: queryKeys.financialIntegrations(),
  financialInvoiceRecords: queryKeys.financialInvoiceRecords(7),
  setupGuide: queryKeys.setupGuide(),
  captureHealth: queryKeys.captureHealth(),
  memberConnections: queryKeys.memberConnections(),
  legalBillingSettings: queryKeys.legalBillingSettings(),
  clientLegal: queryKeys.clientLegal(7),
  callLegalCodes: queryKeys.callLegalCodes(7),
  ledesCheck: queryKeys.ledesCheck(7, "ledes1998b"),
  ledesChecks: queryKeys.ledesChecks(),
  financialChoices: queryKeys.financialChoices(7),
  team: queryKeys.team(),
  apiTokens: queryKeys.apiTokens(),
  waitlistStats: queryKeys.waitlistStats(),
  waitlistEntries: queryKeys.waitlistEntries(2, 50),
};

const refreshedFamilies = (kind: WriteKind) => QUERY_FAMILIES.filter((family) => isRefreshedBy(kind, SAMPLE_KEYS[family]));

/** A cache holding one answer of every family, as after visiting every screen. */
function cacheWithEveryScreen(): QueryClient {
  const client = new QueryClient();
  for (const key of Object.values(SAMPLE_KEYS)) client.setQueryData(key, []);
  return client;
}

describe("query keys", () => {
  it("maps every key a screen builds back to its family, and the GET path is the key joined by /", () => {
    for (const family of QUERY_FAMILIES) expect(familyOf(SAMPLE_KEYS[family]), family).toBe(family);
    expect(queryKeys.client(7).join("/")).toBe("/api/clients/7");
    expect(queryKeys.clientLogEmails(7, "2026-03-01", "2026-03-31").join("/")).toBe(
      "/api/emails/client/7?startDate=2026-03-01&endDate=2026-03-31",
    );
    expect(queryKeys.recentEmails(10).join("/")).toBe("/api/emails?limit=10");
  });

  it("knows no family for a key no builder makes", () => {
    expect(familyOf(["/api/somewhere-new"])).toBeNull();
    expect(familyOf([42])).toBeNull();
  });
});

describe("the refresh table", () => {
  it("renaming a client refreshes every answer that shows client names, Email Tracking's included (issue 11 defect 14)", () => {
    const showsClientNames: QueryFamily[] = [
      "clients",
      "client",
      "clientCalls",
      "clientEmails",
      "clientInvoices",
      "recentCalls",
      "activeCalls",
      "clientLogCalls",
      "clientLogEmails",
      "recentEmails",
      "invoices",
    ];
    for (const kind of ["client.created", "client.updated", "client.deleted"] as const) {
      expect(refreshedFamilies(kind)).toEqual(expect.arrayContaining(showsClientNames));
    }
    expect(refreshedFamilies("client.updated")).not.toContain("mailbox");
  });

  it("has an entry for every kind of write the app makes", () => {
    const kinds: WriteKind[] = [
      "client.created",
      "client.updated",
      "client.deleted",
      "call.started",
      "call.ended",
      "calls.allEnded",
      "call.logged",
      "call.edited",
      "call.deleted",
      "calls.repriced",
      "invoices.created",
      "invoice.generated",
      "invoice.sent",
      "invoice.paid",
      "invoice.voided",
      "invoice.deleted",
      "emails.tracked",
      "email.deleted",
      "settings.saved",
      "mailbox.saved",
      "mailbox.connected",
      "mailbox.disconnected",
      "notification.dismissed",
      "notification.invoiceSaved",
      "notification.invoiceSent",
      "session.started",
      "session.ended",
      "waitlist.joined",
    ];
    for (const kind of kinds) expect(REFRESHES[kind], kind).toBeDefined();
    for (const [kind, families] of Object.entries(REFRESHES)) {
      for (const family of families) expect(QUERY_FAMILIES, `${kind} → ${family}`).toContain(family);
    }
  });

  it("reaches every query family from some write other than signing in", () => {
    const reached = new Set(
      Object.entries(REFRESHES)
        .filter(([kind]) => !kind.startsWith("session."))
        .flatMap(([, families]) => families),
    );
    expect(QUERY_FAMILIES.filter((family) => !reached.has(family))).toEqual([]);
  });

  it("refreshes what a write changes and leaves the rest", () => {
    expect(refreshedFamilies("call.ended")).toEqual(
      expect.arrayContaining(["activeCalls", "recentCalls", "clientLogCalls", "dashboardStats", "unreadNotifications"]),
    );
    expect(refreshedFamilies("emails.tracked")).toEqual(
      expect.arrayContaining(["recentEmails", "clientLogEmails", "clientEmails", "client"]),
    );
    expect(refreshedFamilies("invoice.paid")).toEqual(expect.arrayContaining(["invoices", "clientInvoices", "dashboardStats"]));
    // Rates, currency and time zone change every screen of the account, not the administrators' waitlist.
    expect(refreshedFamilies("settings.saved")).toEqual(QUERY_FAMILIES.filter((family) => !family.startsWith("waitlist")));
    expect(refreshedFamilies("mailbox.connected")).toEqual(["mailbox", "memberConnections"]);
    expect(refreshedFamilies("emails.searched")).toEqual([]);
  });

  it("refreshes a key it does not know after any write rather than leave it stale", () => {
    expect(isRefreshedBy("emails.searched", ["/api/somewhere-new"])).toBe(true);
  });
});

describe("refreshAfter on a real query cache", () => {
  it("marks Email Tracking's list stale when a client is renamed, and only what the table names", async () => {
    const client = cacheWithEveryScreen();
    await refreshAfter("client.updated", client);
    const invalidated = (family: QueryFamily) => client.getQueryState(SAMPLE_KEYS[family])?.isInvalidated;
    expect(invalidated("recentEmails")).toBe(true);
    expect(invalidated("clientLogEmails")).toBe(true);
    expect(invalidated("clients")).toBe(true);
    expect(invalidated("settings")).toBe(false);
    expect(invalidated("mailbox")).toBe(false);
  });

  it("forgets every answer on sign-out", async () => {
    const client = cacheWithEveryScreen();
    client.setQueryData(["/api/somewhere-new"], 1);
    await refreshAfter("session.ended", client);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

/** The web app's sources, minus tests. */
function webSources(): { file: string; text: string }[] {
  const root = path.resolve(import.meta.dirname, "..");
  const files = fs.readdirSync(root, { recursive: true, encoding: "utf8" });
  return files
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"))
    .map((file) => ({ file, text: fs.readFileSync(path.join(root, file), "utf8") }));
}

describe("the web app's sources", () => {
  it("build every query key with queryKeys and invalidate only through the table", () => {
    const offenders: string[] = [];
    for (const { file, text } of webSources()) {
      if (file === path.join("lib", "query-refresh.ts")) continue;
      if (/queryKey(:\s*|=\{)\[/.test(text)) offenders.push(`${file}: a query key written by hand`);
      if (/\.(invalidateQueries|refetchQueries|resetQueries)\(/.test(text))
        offenders.push(`${file}: invalidates outside the table`);
      if (/queryClient\.clear\(/.test(text)) offenders.push(`${file}: clears the cache outside the table`);
    }
    expect(offenders).toEqual([]);
  });

  it("call refreshAfter in every file that has a mutation, at least once per mutation", () => {
    const offenders = webSources()
      .map(({ file, text }) => ({
        file,
        mutations: text.match(/\buseMutation\(/g)?.length ?? 0,
        refreshes: text.match(/\brefreshAfter\(/g)?.length ?? 0,
      }))
      .filter(({ mutations, refreshes }) => refreshes < mutations)
      .map(({ file, mutations, refreshes }) => `${file}: ${mutations} mutations, ${refreshes} refreshAfter calls`);
    expect(offenders).toEqual([]);
  });
});
