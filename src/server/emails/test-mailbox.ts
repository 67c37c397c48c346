import type { MailboxTestResponse } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { withImap } from "./imap-connection.js";
import type { ConnectionOwner } from "../integrations/integration-store.js";
import { loadConnectedMailbox } from "./mailbox-credentials.js";
import { recordMailboxOutcome } from "./mailbox-store.js";

/**
 * POST /api/integrations/email/test: signs in to the caller's own mailbox with what is stored and reports the server's own
 * words: its greeting and how many messages the inbox holds, or its error. The outcome is kept
 * (last tested, last message) so Settings can show it later; a sign-in proves the mailbox connected,
 * a failure sets it to error.
 */
export async function testMailbox(
  db: Db,
  config: Config,
  options: { owner: ConnectionOwner; now: Date },
): Promise<MailboxTestResponse> {
  const { mailbox, target } = await loadConnectedMailbox(db, config, options.owner, options.now);
  try {
    const result = await withImap(target, async (client) => {
      const status = await client.status("INBOX", { messages: true });
      return {
        greeting: client.greeting ?? null,
        messages: status ? (status.messages ?? 0) : 0,
        server: client.serverInfo?.name ?? null,
      };
    });
    const who = mailbox.address ?? mailbox.username;
    const message = `Signed in to ${target.host} as ${who}. Server greeting: "${result.greeting ?? "(none)"}". INBOX holds ${result.messages} message${result.messages === 1 ? "" : "s"}.`;
    await recordMailboxOutcome(db, mailbox, { at: options.now, message, status: "connected", failed: false });
    return { success: true, message, greeting: result.greeting };
  } catch (error) {
    if (error instanceof AppError) {
      await recordMailboxOutcome(db, mailbox, { at: options.now, message: error.message, status: "error", failed: true });
    }
    throw error;
  }
}
