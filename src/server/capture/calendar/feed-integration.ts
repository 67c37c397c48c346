import { type IntegrationStatus, statusWord, storedIntegrationStatus } from "../../../core/integration-status.js";
import { and, count, eq } from "drizzle-orm";
import { maskedFeedHost } from "../../../core/capture/calendar/feed-url.js";
import type { CalendarFeedJson } from "../../../core/contracts/calendar-feed.js";
import type { Db } from "../../db/client.js";
import { accounts, callProposals } from "../../db/schema/index.js";
import {
  type ConnectionOwner,
  type IntegrationKey,
  type IntegrationRow,
  findIntegration,
  readIntegrationSecret,
} from "../../integrations/integration-store.js";
import { type SecretBox, SecretDecryptError } from "../../http/secrets.js";

/**
 * A member's calendar feed (docs/calendar-capture.md): one `integrations` row per member, kind "calendar", provider "ics"
 * (the Individual plan's "1 calendar/account integration"). The private address is the secret
 * (encrypted, bound to the row); `config` holds what the screen may show and the poll's state.
 */
export const FEED_KIND = "calendar";
export const FEED_PROVIDER = "ics";
export const PROPOSAL_SOURCE = "ics";
export const feedKey = (owner: ConnectionOwner): IntegrationKey => ({ ...owner, kind: FEED_KIND, provider: FEED_PROVIDER });

export type FeedSecret = { url: string };

export type FeedConfig = {
  host?: string;
  autoConfirm?: boolean;
  /** The last answer's validators, sent back on the next conditional GET. */
  etag?: string | null;
  lastModified?: string | null;
  /** SHA-256 of the last content: a 200 with the same bytes is not a change. */
  contentHash?: string | null;
  /** The earliest end of a meeting still to come: once it has passed, the next poll fetches in full (see poll-feed.ts). */
  nextEndAt?: string | null;
  eventsSeen?: number;
  /** What the last read cut, and why (core/capture/calendar/feed-bounds.ts sentences), shown on the Calendar tab. */
  warnings?: string[];
  /** What the last read could not read, and why (core/capture/calendar/feed-notes.ts sentences), shown on the Calendar tab. */
  skipped?: string[];
  /** The last poll held meetings back (proposals or automatic confirmations over a bound): the next one reads in full. */
  heldBack?: boolean;
};

export function feedConfigOf(row: IntegrationRow): FeedConfig {
  return row.config as FeedConfig;
}

/** The stored address, or null when it no longer decrypts (SECRETS_KEY changed): the screen asks for it again. */
export function readFeedUrl(box: SecretBox, row: IntegrationRow): URL | null {
  try {
    const secret = readIntegrationSecret<Partial<FeedSecret>>(box, row);
    return secret?.url ? new URL(secret.url) : null;
  } catch (error) {
    if (error instanceof SecretDecryptError) return null;
    throw error;
  }
}

export function findFeed(db: Db, owner: ConnectionOwner): Promise<IntegrationRow | null> {
  return findIntegration(db, feedKey(owner));
}

/**
 * The account's IANA zone: a feed's floating times, and zones it neither defines nor names, are read
 * in it (capture/calendar/ical/feed-zones.ts), never in the server's.
 */
export async function accountTimeZone(db: Db, accountId: number): Promise<string> {
  const [row] = await db.select({ timezone: accounts.timezone }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.timezone ?? "UTC";
}

export async function countOpenProposals(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(callProposals)
    .where(
      and(
        eq(callProposals.accountId, accountId),
        eq(callProposals.source, PROPOSAL_SOURCE),
        eq(callProposals.status, "proposed"),
      ),
    );
  return row?.n ?? 0;
}

/** Connected or error as the last read left it; a feed not read yet awaits its first poll. */
export function feedStatusOf(row: IntegrationRow): IntegrationStatus {
  const stored = storedIntegrationStatus(row.status, "awaiting_events");
  return stored === "connected" || stored === "error" ? stored : "awaiting_events";
}

/** GET /api/integrations/calendar-feed: the host only, never the address. */
export function presentFeed(row: IntegrationRow | null, proposalsOpen: number): CalendarFeedJson {
  if (!row)
    return {
      configured: false,
      host: null,
      enabled: false,
      autoConfirm: false,
      status: statusWord("calendar", "not_connected"),
      lastPolledAt: null,
      lastChangedAt: null,
      lastError: null,
      eventsSeen: 0,
      proposalsOpen,
      warnings: [],
      skipped: [],
    };
  const config = feedConfigOf(row);
  return {
    configured: true,
    host: config.host ? maskedFeedHost(config.host) : null,
    enabled: row.enabled,
    autoConfirm: config.autoConfirm === true,
    status: statusWord("calendar", feedStatusOf(row)),
    lastPolledAt: row.lastSyncAt ? row.lastSyncAt.toISOString() : null,
    lastChangedAt: row.lastEventAt ? row.lastEventAt.toISOString() : null,
    lastError: row.lastError,
    eventsSeen: config.eventsSeen ?? 0,
    proposalsOpen,
    warnings: Array.isArray(config.warnings) ? config.warnings : [],
    skipped: Array.isArray(config.skipped) ? config.skipped : [],
  };
}
