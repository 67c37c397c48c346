import type { MeetTestResponse } from "../../../core/contracts/meet.js";
import { AppError } from "../../../core/errors.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { SecretBox } from "../../http/secrets.js";
import { calendarApi, googleFailure, googleOAuthClient } from "./google-clients.js";
import { credentialsFrom, findMeetIntegration, meetConfig, readMeetSecret } from "./meet-integration.js";
import { withMeetAccess } from "./meet-tokens.js";

/** A code Google can never have issued: exchanging it tells a valid client (invalid_grant) from a wrong one (invalid_client). */
const PROBE_CODE = "minutely-connection-test";

/**
 * POST /api/integrations/meet/test: asks Google, reports Google's own words.
 * - Before consent (or with other credentials than the connected ones): exchange a deliberately
 *   invalid code at the token endpoint. `invalid_grant` means Google knows the client and its
 *   secret; `invalid_client` means it does not (its error_description is the message).
 * - Once connected with these credentials: refresh the access token and list one calendar event.
 */
export async function testMeetConnection(
  db: Db,
  box: SecretBox,
  config: Config,
  options: { accountId: number; userId: number; input: { clientId: string; clientSecret: string | null }; redirectUri: string; now: Date },
): Promise<MeetTestResponse> {
  const row = await findMeetIntegration(db, options);
  const credentials = credentialsFrom(box, row, options.input);
  const stored = row ? readMeetSecret(box, row) : null;
  const sameAsConnected =
    row !== null &&
    stored?.refreshToken &&
    meetConfig(row).clientId === credentials.clientId &&
    stored.clientSecret === credentials.clientSecret;

  if (sameAsConnected) {
    try {
      const fresh = await withMeetAccess(
        db,
        box,
        config,
        { accountId: options.accountId, userId: options.userId, now: options.now },
        async (token, current) => {
          await calendarApi(config, token).events.list({ calendarId: "primary", maxResults: 1 });
          return current;
        },
      );
      return {
        success: true,
        message: `Connected to Google as ${meetConfig(fresh).googleAccount ?? "your account"}: the token was refreshed and the calendar answered.`,
      };
    } catch (error) {
      if (error instanceof AppError) return { success: false, message: error.message };
      return { success: false, message: `Google Calendar refused the request: ${googleFailure(error).message}` };
    }
  }

  const client = googleOAuthClient(config, credentials, options.redirectUri);
  try {
    await client.getToken({ code: PROBE_CODE, redirect_uri: options.redirectUri });
    // Google never accepts this code; a token here means the endpoint is not Google's.
    return { success: false, message: "The token endpoint accepted an invalid code: check GOOGLE_OAUTH_BASE." };
  } catch (error) {
    const failure = googleFailure(error);
    if (failure.error === "invalid_grant")
      return {
        success: true,
        message: "Google accepted the Client ID and Client Secret. Save, then connect your Google account.",
      };
    if (failure.error === "invalid_client" || failure.error === "unauthorized_client")
      return {
        success: false,
        message: `Google refused the Client ID and Client Secret: ${failure.description ?? failure.error} (${failure.error})`,
      };
    if (failure.status === null) return { success: false, message: `Could not reach Google: ${failure.message}` };
    return { success: false, message: `Google answered: ${failure.message}` };
  }
}
