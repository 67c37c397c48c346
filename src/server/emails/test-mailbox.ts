import type { MailboxTestResponse } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { withImap } from "./imap-connection.js";
import { loadConnectedMailbox } from "./mailbox-credentials.js";
import { updateMailbox } from "./mailbox-store.js";

/**
 * POST /api/integrations/email/test: signs in with what is stored and reports the server's own
 * words: its greeting and how many messages the inbox holds, or its error. The outcome is kept
 * (last tested, last message) so Settings can show it later.
 */
export async function testMailbox(
  db: Db,
  config: Config,
  options: { accountId: number; now: Date },
): Promise<MailboxTestResponse> {
  const { row, target } = await loadConnectedMailbox(db, config, options.accountId, options.now);
  try {
    const result = await withImap(target, async (client) => {
      const status = await client.status("INBOX", { messages: true });
      return {
        greeting: client.greeting ?? null,
        messages: status ? (status.messages ?? 0) : 0,
        server: client.serverInfo?.name ?? null,
      };
    });
    const who = row.address ?? row.username;
    const message = `Signed in to ${target.host} as ${who}. Server greeting: "${result.greeting ?? "(none)"}". INBOX holds ${result.messages} message${result.messages === 1 ? "" : "s"}.`;
    await updateMailbox(db, options.accountId, { lastTestedAt: options.now, lastTestMessage: message }, options.now);
    return { success: true, message, greeting: result.greeting };
  } catch (error) {
    if (error instanceof AppError) {
      await updateMailbox(db, options.accountId, { lastTestedAt: options.now, lastTestMessage: error.message }, options.now);
    }
    throw error;
  }
}
