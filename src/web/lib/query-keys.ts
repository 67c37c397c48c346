/*
 * Every query key of the web app, in one place. A key is the API path cut into segments (the
 * default query function joins them with "/"). Each builder's name is the key's
 * family: the unit lib/query-refresh.ts refreshes after a write, and `familyOf` maps any key back
 * to it. No screen writes a key by hand (lib/query-refresh.test.ts checks the sources). This
 * module imports nothing, so the public waitlist form's chunk gains no contract code through it.
 */

type Id = number | string;

export const queryKeys = {
  /** GET /api/clients: the client list (names, rates, summaries). */
  clients: () => ["/api/clients"] as const,
  /** GET /api/clients/:id: one client with its totals. */
  client: (id: Id) => ["/api/clients", String(id)] as const,
  clientCalls: (id: Id) => ["/api/clients", String(id), "calls"] as const,
  clientEmails: (id: Id) => ["/api/clients", String(id), "emails"] as const,
  clientInvoices: (id: Id) => ["/api/clients", String(id), "invoices"] as const,
  /** The dashboard's newest calls; read with its own query function (`?limit=`, and Mine / Team's filters). */
  recentCalls: (filters = "") => (filters ? (["/api/calls", "recent", filters] as const) : (["/api/calls", "recent"] as const)),
  activeCalls: () => ["/api/calls/active"] as const,
  /** The client log: one client's calls or emails in a period. */
  clientLogCalls: (clientId: Id, startDate: string, endDate: string) =>
    ["/api/calls", "client", `${clientId}?startDate=${startDate}&endDate=${endDate}`] as const,
  clientLogEmails: (clientId: Id, startDate: string, endDate: string) =>
    ["/api/emails", "client", `${clientId}?startDate=${startDate}&endDate=${endDate}`] as const,
  /** A client's figures for a period, summed by the server (the client log's cards and tab counts). */
  clientPeriodTotals: (clientId: Id, startDate: string, endDate: string, userId?: Id) =>
    [
      "/api/clients",
      String(clientId),
      `period-totals?startDate=${startDate}&endDate=${endDate}${userId === undefined ? "" : `&userId=${userId}`}`,
    ] as const,
  /** Keyset-paged lists (docs/paging.md): the filters as a query string; lib/use-paged-list.ts adds the cursor. */
  callsPage: (filters: string) => [`/api/calls/page?${filters}`] as const,
  emailsPage: (filters: string) => [`/api/emails/page?${filters}`] as const,
  invoicesPage: (filters: string) => [`/api/invoices/page?${filters}`] as const,
  /** Email Tracking's Recent Email Activity (RECENT_EMAILS_LIMIT). */
  recentEmails: (limit: number) => [`/api/emails?limit=${limit}`] as const,
  /** The dashboard's figures; `filters` is the Mine/Team view and member (`view=mine`, `view=team&userId=7`). */
  dashboardStats: (filters = "") => [filters ? `/api/dashboard/stats?${filters}` : "/api/dashboard/stats"] as const,
  invoices: () => ["/api/invoices"] as const,
  /** The mailbox connection (never a secret). */
  mailbox: () => ["/api/integrations/email"] as const,
  settings: () => ["/api/settings"] as const,
  /** Settings → Integrations: the member's own capture connections, or every member's for owner/admin (status only). */
  memberConnections: () => ["/api/integrations/connections"] as const,
  /** Settings → Zoom: webhook URL, status, last event (never a secret). */
  zoomIntegration: () => ["/api/integrations/zoom"] as const,
  /** Settings → Teams: IDs, status, webhook URL, subscription expiry, last event and error (never the secret). */
  teamsIntegration: () => ["/api/integrations/teams"] as const,
  /** A capture source's reconciliation (zoom, landline, teams, meet): last event, last run, calls recovered. */
  reconciliation: (source: string) => ["/api/integrations", source, "reconciliation"] as const,
  /** Settings → Meet: client ID, consent status, Google account, push channel, last event and error (never a secret). */
  meetIntegration: () => ["/api/integrations/meet"] as const,
  /** Settings → Calendar: the feed's host, switches and status (never the address). */
  calendarFeed: () => ["/api/integrations/calendar-feed"] as const,
  /** The dashboard's "Meetings to confirm": proposals from the calendar feed. */
  callProposals: () => ["/api/call-proposals?status=proposed&limit=20"] as const,
  /** Settings → Mobile/iPhone, Landline/Office (never a secret), and the phone screen's badges and form. */
  mobileIntegration: () => ["/api/integrations/mobile"] as const,
  landlineIntegration: () => ["/api/integrations/landline"] as const,
  integrationStatus: () => ["/api/integrations/status"] as const,
  phoneIntegration: () => ["/api/user/phone-integration"] as const,
  unreadNotifications: () => ["/api/notifications/unread"] as const,
  /** Settings → Plan & Billing and the shell's banner: plan, cycle, standing (may the account track?). */
  billingSubscription: () => ["/api/billing/subscription"] as const,
  /** Plan & Billing's seats and the next invoice (Stripe's preview). */
  billingSeats: () => ["/api/billing/seats"] as const,
  /** /payments: the Stripe connection check. */
  stripeTest: () => ["/api/stripe/test"] as const,
  /** /platform-detection: this computer, its platforms' status (polled every 10 s), the desktop meeting tracking. */
  platformInfo: () => ["/api/platform/info"] as const,
  platformStatus: () => ["/api/platform/status"] as const,
  platformTracking: () => ["/api/platform/tracking"] as const,
  /** /financial-integrations and Settings → Financial: the account's accounting records (never a secret), each with its latest sync run. */
  financialIntegrations: () => ["/api/financial-integrations"] as const,
  /** One accounting connection's per-invoice results: remote ids, states, errors. */
  financialInvoiceRecords: (integrationRecordId: Id) =>
    ["/api/financial-integrations", String(integrationRecordId), "records?entity=invoice"] as const,
  /** The dashboard's "Set up automatic capture" checklist and its Capture card (docs/first-run.md). */
  setupGuide: () => ["/api/setup-guide"] as const,
  captureHealth: () => ["/api/capture/health"] as const,
  /** Settings → Billing → Legal e-billing: the switch, LAW_FIRM_ID and the user's timekeeper fields. */
  legalBillingSettings: () => ["/api/settings/legal-billing"] as const,
  /** A client's e-billing id, line defaults and matters. */
  clientLegal: (id: Id) => ["/api/clients", String(id), "legal"] as const,
  /** The matter and UTBMS codes of one call. */
  callLegalCodes: (id: Id) => ["/api/calls", String(id), "legal-codes"] as const,
  /** The check of an invoice's LEDES file before download (issues and lines). */
  ledesCheck: (invoiceId: Id, format: string) => ["/api/invoices", String(invoiceId), `ledes/check?format=${format}`] as const,
  /** The invoices marked as checked (their badge). */
  ledesChecks: () => ["/api/invoices/ledes-checks"] as const,
  /** One connection's lists to choose from (Xero accounts, QuickBooks tax codes, Sage businesses), read live. */
  financialChoices: (integrationRecordId: Id) => ["/api/financial-integrations", String(integrationRecordId), "choices"] as const,
  /** /analytics: the whole page for one period (the query string of GET /api/analytics). */
  analytics: (query: string) => [`/api/analytics?${query}`] as const,
  /** Settings → Audit log: one search (filters as a query string); the pages add their cursor. */
  auditLog: (filters: string) => [`/api/audit?${filters}`] as const,
  /** The History of one client, call or invoice (every change, oldest first). */
  recordHistory: (kind: "clients" | "calls" | "invoices", id: Id) => [`/api/${kind}`, String(id), "history"] as const,
  /** Settings → Team: members, open invitations, the plan's seats. */
  team: () => ["/api/team"] as const,
  /** Settings → API: the signed-in person's own API tokens. */
  apiTokens: () => ["/api/api-tokens"] as const,
  /** /team: the admin dashboard (members' hours, connections, seats, invitations). */
  teamOverview: () => ["/api/team/overview"] as const,
  /** The member pickers' people (dashboard, client log, invoices): names only, for work:read-all. */
  teamPeople: () => ["/api/team/people"] as const,
  waitlistStats: () => ["/api/waitlist/stats"] as const,
  waitlistEntries: (page: number, limit: number) => [`/api/waitlist/entries?page=${page}&limit=${limit}`] as const,
};

export type QueryFamily = keyof typeof queryKeys;

export const QUERY_FAMILIES = Object.keys(queryKeys) as QueryFamily[];

const CLIENT_TABS: Record<string, QueryFamily> = {
  calls: "clientCalls",
  emails: "clientEmails",
  invoices: "clientInvoices",
  legal: "clientLegal",
  "period-totals": "clientPeriodTotals",
  history: "recordHistory",
};

/** The family of a cached key, or null for a key no builder above makes. */
export function familyOf(key: readonly unknown[]): QueryFamily | null {
  const [head, second, third] = key;
  if (typeof head !== "string") return null;
  const path = head.split("?")[0];
  switch (path) {
    case "/api/clients":
      if (key.length === 1) return "clients";
      if (key.length === 2) return "client";
      return (typeof third === "string" && CLIENT_TABS[third.split("?")[0] ?? ""]) || null;
    case "/api/calls":
      if (second === "client") return "clientLogCalls";
      if (third === "legal-codes") return "callLegalCodes";
      if (third === "history") return "recordHistory";
      return second === "recent" ? "recentCalls" : null;
    case "/api/calls/active":
      return "activeCalls";
    case "/api/calls/page":
      return "callsPage";
    case "/api/emails/page":
      return "emailsPage";
    case "/api/invoices/page":
      return "invoicesPage";
    case "/api/emails":
      if (second === "client") return "clientLogEmails";
      return key.length === 1 ? "recentEmails" : null;
    case "/api/dashboard/stats":
      return "dashboardStats";
    case "/api/invoices":
      if (key.length === 1) return "invoices";
      if (third === "history") return "recordHistory";
      return typeof third === "string" && third.startsWith("ledes/check") ? "ledesCheck" : null;
    case "/api/invoices/ledes-checks":
      return "ledesChecks";
    case "/api/settings/legal-billing":
      return "legalBillingSettings";
    case "/api/integrations/email":
      return "mailbox";
    case "/api/settings":
      return "settings";
    case "/api/integrations":
      return third === "reconciliation" ? "reconciliation" : null;
    case "/api/integrations/connections":
      return "memberConnections";
    case "/api/integrations/zoom":
      return "zoomIntegration";
    case "/api/integrations/teams":
      return "teamsIntegration";
    case "/api/integrations/meet":
      return "meetIntegration";
    case "/api/integrations/calendar-feed":
      return "calendarFeed";
    case "/api/call-proposals":
      return "callProposals";
    case "/api/integrations/mobile":
      return "mobileIntegration";
    case "/api/integrations/landline":
      return "landlineIntegration";
    case "/api/integrations/status":
      return "integrationStatus";
    case "/api/user/phone-integration":
      return "phoneIntegration";
    case "/api/notifications/unread":
      return "unreadNotifications";
    case "/api/billing/subscription":
      return "billingSubscription";
    case "/api/billing/seats":
      return "billingSeats";
    case "/api/stripe/test":
      return "stripeTest";
    case "/api/platform/info":
      return "platformInfo";
    case "/api/platform/status":
      return "platformStatus";
    case "/api/platform/tracking":
      return "platformTracking";
    case "/api/financial-integrations":
      if (key.length === 1) return "financialIntegrations";
      if (third === "choices") return "financialChoices";
      return typeof third === "string" && third.startsWith("records") ? "financialInvoiceRecords" : null;
    case "/api/setup-guide":
      return "setupGuide";
    case "/api/capture/health":
      return "captureHealth";
    case "/api/analytics":
      return "analytics";
    case "/api/audit":
      return "auditLog";
    case "/api/team":
      return "team";
    case "/api/api-tokens":
      return "apiTokens";
    case "/api/team/overview":
      return "teamOverview";
    case "/api/team/people":
      return "teamPeople";
    case "/api/waitlist/stats":
      return "waitlistStats";
    case "/api/waitlist/entries":
      return "waitlistEntries";
    default:
      return null;
  }
}
