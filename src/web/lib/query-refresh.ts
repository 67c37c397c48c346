import type { QueryClient } from "@tanstack/react-query";
import { queryClient } from "./query-client";
import { familyOf, QUERY_FAMILIES, type QueryFamily } from "./query-keys";

/*
 * The one table of which writes refresh which queries (a renamed client kept
 * its old name on Email Tracking because the client mutation's own list forgot the emails).
 * Every mutation's success (and the few writes made without useMutation) calls `refreshAfter`
 * with its kind; no screen lists query keys to invalidate by hand. Refreshing marks the queries
 * stale: the ones on screen fetch again at once, the others when their screen next mounts.
 */

const ALL: readonly QueryFamily[] = QUERY_FAMILIES;

/** What reads the audit trail or sums work for Analytics: any change to calls, emails, clients or invoices shows there. */
const SHOWS_TRAIL: readonly QueryFamily[] = ["analytics", "auditLog", "recordHistory"];

/** Every answer that prints a client's name or other client fields. */
const SHOWS_CLIENTS: readonly QueryFamily[] = [
  ...SHOWS_TRAIL,
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
  "callsPage",
  "emailsPage",
  "invoicesPage",
];

/** What counts or sums calls: the call lists, the client summaries and totals, the dashboard. */
const SHOWS_CALLS: readonly QueryFamily[] = [
  ...SHOWS_TRAIL,
  "recentCalls",
  "activeCalls",
  "clientLogCalls",
  "clientCalls",
  "client",
  "clients",
  "dashboardStats",
  "callsPage",
  "clientPeriodTotals",
];

/** Ending a call may create an "invoice ready" notification: look at once instead of at the next poll. */
const ENDS_CALLS: readonly QueryFamily[] = [...SHOWS_CALLS, "unreadNotifications"];

/** What counts or sums tracked emails. */
const SHOWS_EMAILS: readonly QueryFamily[] = [
  ...SHOWS_TRAIL,
  "recentEmails",
  "clientLogEmails",
  "clientEmails",
  "client",
  "clients",
  "dashboardStats",
  "emailsPage",
  "clientPeriodTotals",
];

/** Billed state: invoices and everything that shows "Invoiced" or pending totals; an invoice resolves its notification. */
const SHOWS_BILLING: readonly QueryFamily[] = [
  ...SHOWS_TRAIL,
  "invoices",
  "clientInvoices",
  "client",
  "clients",
  "recentCalls",
  "clientLogCalls",
  "clientCalls",
  "recentEmails",
  "clientLogEmails",
  "clientEmails",
  "dashboardStats",
  "unreadNotifications",
  "invoicesPage",
  "callsPage",
  "emailsPage",
  "clientPeriodTotals",
];

/** Everything the account's own screens read (the waitlist is the administrators' view of other people). */
const ACCOUNT: readonly QueryFamily[] = ALL.filter((family) => !family.startsWith("waitlist"));

const WAITLIST: readonly QueryFamily[] = ["waitlistStats", "waitlistEntries"];
/** The member's mailbox, and the connections list that shows its status (docs/emails.md). */
const MAILBOX: readonly QueryFamily[] = ["mailbox", "memberConnections"];
/** The dashboard's setup guide and Capture card (docs/first-run.md): they read clients, sources and captured calls. */
const CAPTURE_SETUP: readonly QueryFamily[] = ["setupGuide", "captureHealth", "memberConnections"];
/** The phone capture settings and the badges they feed. */
const PHONES: readonly QueryFamily[] = ["mobileIntegration", "landlineIntegration", "integrationStatus", ...CAPTURE_SETUP];

export const REFRESHES = {
  "client.created": [...SHOWS_CLIENTS, "setupGuide"],
  "client.updated": [...SHOWS_CLIENTS, "setupGuide"],
  "client.deleted": [...SHOWS_CLIENTS, ...SHOWS_CALLS, ...SHOWS_BILLING, "setupGuide"],
  /** A CSV import adds many clients at once (all or none). */
  "clients.imported": [...SHOWS_CLIENTS, "setupGuide"],
  /** The import's preview reads only. */
  "clients.previewed": [],
  "call.started": SHOWS_CALLS,
  "call.ended": ENDS_CALLS,
  "calls.allEnded": ENDS_CALLS,
  "call.logged": SHOWS_CALLS,
  "call.edited": SHOWS_CALLS,
  "call.deleted": ENDS_CALLS,
  "calls.repriced": SHOWS_CALLS,
  /** Assigning a client re-prices the call and may raise its invoice-ready notification. */
  "call.clientAssigned": ENDS_CALLS,
  /** A call changed elsewhere (a provider's webhook, another tab or device): the live stream (lib/live-calls.ts). */
  "calls.changedLive": [
    ...ENDS_CALLS,
    "integrationStatus",
    "zoomIntegration",
    "teamsIntegration",
    "reconciliation",
    ...CAPTURE_SETUP,
  ],
  /** "Reconcile now" queued a run: its row shows queued, then the recovered calls arrive live. */
  "reconcile.queued": ["reconciliation"],
  "invoices.created": SHOWS_BILLING,
  "invoice.generated": SHOWS_BILLING,
  /** The server refused an invoice: usually its calls changed elsewhere, so show them as they are now. */
  "invoice.refused": SHOWS_BILLING,
  "invoice.sent": SHOWS_BILLING,
  "invoice.paid": SHOWS_BILLING,
  "invoice.voided": SHOWS_BILLING,
  "invoice.deleted": SHOWS_BILLING,
  /** Tracking stops at the first refusal; the ones saved before it count too. */
  "emails.tracked": SHOWS_EMAILS,
  "email.deleted": SHOWS_EMAILS,
  "email.synced": ["recentEmails", "clientLogEmails", "clientEmails", "emailsPage"],
  /** POSTs that only read: the mailbox search and the billing estimate change nothing. */
  "emails.searched": [],
  "emails.calculated": [],
  /** Rates, currency, rounding and time zone change what every screen shows. */
  "settings.saved": ACCOUNT,
  /** The proving link is mailed; nothing shown changes until it is opened. */
  "email.verificationSent": [],
  /** The mailed link was opened: the profile shows the address as proved. */
  "email.verified": ["settings"],
  "mailbox.saved": MAILBOX,
  "mailbox.tested": MAILBOX,
  "mailbox.connected": MAILBOX,
  "mailbox.disconnected": MAILBOX,
  "zoom.saved": ["zoomIntegration", ...CAPTURE_SETUP],
  "zoom.disconnected": ["zoomIntegration", ...CAPTURE_SETUP],
  /** Teams: a save may create the Graph subscription (status, expiry); a test reads only. */
  "teams.saved": ["teamsIntegration", ...CAPTURE_SETUP],
  "teams.tested": [],
  "teams.disconnected": ["teamsIntegration", ...CAPTURE_SETUP],
  /**
   * Meet: a save may void the consent (new client); a test may refresh the token or turn the status to
   * reconnect; each decides whether its reconciliation can run.
   */
  "meet.saved": ["meetIntegration", "reconciliation", ...CAPTURE_SETUP],
  "meet.tested": ["meetIntegration", "reconciliation", ...CAPTURE_SETUP],
  "meet.disconnected": ["meetIntegration", "reconciliation", ...CAPTURE_SETUP],
  /** Calendar feed: a save or poll may add, move or cancel proposals, and with "Confirm automatically" make calls. */
  "calendarFeed.saved": ["calendarFeed", "callProposals", ...ENDS_CALLS, ...CAPTURE_SETUP],
  "calendarFeed.polled": ["calendarFeed", "callProposals", ...ENDS_CALLS, ...CAPTURE_SETUP],
  "calendarFeed.removed": ["calendarFeed", "callProposals", ...CAPTURE_SETUP],
  /** A confirmed meeting is a new priced call (and maybe an invoice-ready notification). */
  "proposal.confirmed": ["callProposals", "calendarFeed", ...ENDS_CALLS, ...CAPTURE_SETUP],
  "proposal.dismissed": ["callProposals", "calendarFeed"],
  /** Phone capture settings; a test's end may follow real events (methods and badges turn green). */
  "mobile.saved": PHONES,
  "mobile.tested": PHONES,
  "landline.saved": PHONES,
  "phoneIntegration.saved": [...PHONES, "phoneIntegration"],
  "callTest.started": [],
  "callTest.ended": PHONES,
  "notification.dismissed": ["unreadNotifications"],
  /** The setup guide dismissed or shown again (remembered for the account). */
  "setupGuide.saved": ["setupGuide"],
  /** "Send a test event": a priced test call (or a calendar read) and maybe its invoice-ready notification. */
  "capture.testSent": [...ENDS_CALLS, "callProposals", "calendarFeed", ...CAPTURE_SETUP],
  "capture.testCallRemoved": [...ENDS_CALLS, ...CAPTURE_SETUP],
  "notification.invoiceSaved": SHOWS_BILLING,
  "notification.invoiceSent": SHOWS_BILLING,
  /** A new session: nothing cached before it may be shown. */
  "session.started": ALL,
  /** Signed out: every answer is forgotten, not refetched. */
  "session.ended": ALL,
  /** Registration's plan step writes nothing the app shows. */
  "subscription.created": [],
  /** Plan or cycle changed (Settings → Plan & Billing): the tab and the shell's banner. */
  "billing.planChanged": ["billingSubscription", "billingSeats"],
  /** The browser leaves for Stripe's portal; what changes there arrives by webhook and is read on return. */
  "billing.portalOpened": [],
  /** The browser leaves for Stripe Checkout; the subscription arrives by webhook and is read on return. */
  "billing.checkoutOpened": [],
  /** The payment test page's objects live in Stripe only; nothing the app shows changes. */
  "stripe.intentCreated": [],
  "stripe.customerCreated": [],
  /** Detect Active Platform only reads this computer. */
  "platform.detected": [],
  /** Switching desktop tracking off ends the calls in progress. */
  "platform.trackingSaved": ["platformTracking", ...ENDS_CALLS, ...CAPTURE_SETUP],
  /** Accounting: a save or consent changes a record's settings and status; the cards read them. */
  "financial.saved": ["financialIntegrations"],
  /** Accounts, tax code or business chosen: the card shows them, the dialog's lists show the pick. */
  "financial.choicesSaved": ["financialIntegrations", "financialChoices"],
  /** Disconnect forgets tokens and secrets; the remote-id mappings stay (the results table still shows them). */
  "financial.disconnected": ["financialIntegrations", "financialInvoiceRecords"],
  /** A sync run was queued: the cards poll its progress, the per-invoice results follow. */
  "financial.syncStarted": ["financialIntegrations", "financialInvoiceRecords"],
  /** A run ended while the page watched it (the list poll saw it): its last invoices' remote ids and errors. */
  "financial.syncFinished": ["financialInvoiceRecords"],
  /** Exports and import files only read. */
  "financial.exported": [],
  /** Legal e-billing: what the LEDES check reads changes with the settings, a client's ids, matters and codes. */
  "legalBilling.saved": ["legalBillingSettings", "ledesCheck", "ledesChecks"],
  "clientLegal.saved": ["clientLegal", "ledesCheck"],
  "matter.saved": ["clientLegal", "ledesCheck"],
  "matter.deleted": ["clientLegal", "callLegalCodes", "ledesCheck"],
  "lineCodes.saved": ["callLegalCodes", "ledesCheck", "ledesChecks"],
  "ledes.markedChecked": ["ledesChecks", "ledesCheck"],
  /** Settings → Team: an invitation made, resent or revoked, a role changed, a member removed. */
  "team.changed": ["team", "billingSeats", "teamOverview", "teamPeople"],
  /** Settings → API: a token made or revoked. */
  "apiTokens.changed": ["apiTokens"],
  "waitlist.joined": WAITLIST,
  /** The waitlist dashboard's Refresh button. */
  "waitlist.reloaded": WAITLIST,
} satisfies Record<string, readonly QueryFamily[]>;

export type WriteKind = keyof typeof REFRESHES;

/** Kinds whose queries are dropped rather than fetched again. */
const FORGETS: ReadonlySet<WriteKind> = new Set<WriteKind>(["session.ended"]);

/**
 * Whether a write of this kind refreshes the query with this key. A key no builder makes
 * (a family this table does not know) is refreshed by every write: stale is worse than a spare GET.
 */
export function isRefreshedBy(kind: WriteKind, queryKey: readonly unknown[]): boolean {
  const family = familyOf(queryKey);
  return family === null || (REFRESHES[kind] as readonly QueryFamily[]).includes(family);
}

/** After a write of this kind: refetch what is on screen, mark the rest stale (or forget it all on sign-out). */
export async function refreshAfter(kind: WriteKind, client: QueryClient = queryClient): Promise<void> {
  const predicate = (query: { queryKey: readonly unknown[] }) => isRefreshedBy(kind, query.queryKey);
  if (FORGETS.has(kind)) {
    client.removeQueries({ predicate });
    return;
  }
  await client.invalidateQueries({ predicate });
}
