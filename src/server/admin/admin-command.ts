import type { Db } from "../db/client.js";
import { findAdministrators, setAdministrator } from "./set-administrator.js";

export const ADMIN_USAGE = [
  "Usage: npm run admin -- <command>",
  "  grant EMAIL    let this user see the waitlist dashboard",
  "  revoke EMAIL   take the right away again",
  "  list           users granted with this command (verified ADMIN_EMAILS addresses come on top)",
].join("\n");

export type AdminCommandResult = { exitCode: number; output: string };

/** `npm run admin -- grant|revoke EMAIL | list`, against any database handle (so tests run it in-process too). */
export async function runAdminCommand(db: Db, args: readonly string[], now: Date): Promise<AdminCommandResult> {
  const [command, email, ...rest] = args;
  if (command === "list" && email === undefined) {
    const emails = await findAdministrators(db);
    return { exitCode: 0, output: emails.length ? emails.join("\n") : "No user has been granted administrator rights." };
  }
  if ((command !== "grant" && command !== "revoke") || !email || rest.length > 0) return { exitCode: 2, output: ADMIN_USAGE };
  const isAdmin = command === "grant";
  const stored = await setAdministrator(db, { email, isAdmin, now });
  if (!stored) {
    return {
      exitCode: 1,
      output: `No user with the email ${email}. They must create an account first (or add them to ADMIN_EMAILS and verify that address).`,
    };
  }
  return {
    exitCode: 0,
    output: isAdmin
      ? `${stored} is now an administrator.`
      : `${stored} is no longer an administrator (a verified ADMIN_EMAILS address still applies).`,
  };
}
