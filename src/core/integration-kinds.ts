/**
 * The one list of `integrations.kind` values (issue 24 §1): every capture source and the accounting
 * connection is a row of that table, one per (account, user, kind, provider). Zoom, Teams and Meet share
 * "meeting" (told apart by provider); a mailbox is "mailbox" with provider gmail, outlook, yahoo or imap.
 */
export const INTEGRATION_KINDS = ["meeting", "landline", "mobile", "calendar", "desktop", "mailbox", "accounting"] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];
