import type { LogCallRequest } from "../../core/contracts/calls.js";
import { AppError } from "../../core/errors.js";
import { requireMayTrack } from "../../core/subscription-standing.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import type { CallWithClient } from "./call-presenter.js";
import { notifyCallChange } from "../live/notify-call-change.js";
import { insertCall } from "./insert-call.js";
import { priceCallColumns } from "./pricing.js";

/** A little slack for a browser clock that runs ahead of the server's. */
const FUTURE_SLACK_MS = 5 * 60 * 1000;
const EARLIEST = Date.UTC(2000, 0, 1);

/** Logs a call that already happened, priced at once with the rules in force now. */
export async function logCall(
  db: Db,
  options: { account: AccountRow; userId: number; input: LogCallRequest; now: Date },
): Promise<CallWithClient> {
  const { input, now } = options;
  requireMayTrack(options.account, now); // a trial that ended or an unpaid subscription logs nothing new
  const startedAt = new Date(input.startTime);
  if (startedAt.getTime() > now.getTime() + FUTURE_SLACK_MS)
    throw new AppError("validation_error", "startTime cannot be in the future");
  if (startedAt.getTime() < EARLIEST) throw new AppError("validation_error", "startTime must be in the year 2000 or later");
  return db.transaction(async (tx) => {
    const logged = await insertCall(tx, {
      ...options,
      specifics: (rules) => ({
        notes: input.notes ?? null,
        description: input.description ?? null,
        startedAt,
        endedAt: new Date(startedAt.getTime() + input.duration * 1000),
        source: "manual",
        ...priceCallColumns(input.duration, rules),
      }),
    });
    await notifyCallChange(tx, { accountId: options.account.id, callId: logged.call.id, kind: "ended" });
    return logged;
  });
}
