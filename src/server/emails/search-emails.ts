import { EMAIL_PROVIDER_LABELS, type EmailProvider, type SearchEmailsResponse } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { ConnectionOwner } from "../integrations/integration-store.js";
import { withImap } from "./imap-connection.js";
import { loadConnectedMailbox } from "./mailbox-credentials.js";
import { searchMailbox } from "./mailbox-search.js";

/**
 * POST /api/emails/search: the caller's own connected mailbox searched by subject (inbox and sent), newest
 * first. A mail server that refuses, rejects the sign-in or does not answer is a 502 whose
 * message the screen shows under "Search Failed".
 */
export async function searchEmails(
  db: Db,
  config: Config,
  options: { owner: ConnectionOwner; subjectQuery: string; provider?: EmailProvider; maxResults: number; now: Date },
): Promise<SearchEmailsResponse> {
  const { mailbox: row, target } = await loadConnectedMailbox(db, config, options.owner, options.now);
  if (options.provider && options.provider !== row.provider) {
    const connected = EMAIL_PROVIDER_LABELS[row.provider] ?? row.provider;
    throw new AppError(
      "bad_request",
      `Your connected mailbox is ${connected} (${row.address ?? row.username}). Choose ${row.provider}, or connect a ${EMAIL_PROVIDER_LABELS[options.provider]} mailbox in Settings.`,
    );
  }
  const ownAddress = row.address ?? (row.username.includes("@") ? row.username : null);
  const results = await withImap(target, (client) =>
    searchMailbox(client, { subjectQuery: options.subjectQuery, maxResults: options.maxResults, ownAddress }),
  );
  const count = results.length;
  return {
    success: true,
    results,
    count,
    query: options.subjectQuery,
    message:
      count === 0
        ? `No emails found with "${options.subjectQuery}" in the subject`
        : `Found ${count} email${count === 1 ? "" : "s"} matching "${options.subjectQuery}"`,
  };
}
