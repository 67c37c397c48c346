import type { Credentials } from "google-auth-library";
import { MEET_SCOPES } from "../../../core/contracts/meet.js";
import { AppError } from "../../../core/errors.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { ConnectionOwner } from "../../integrations/integration-store.js";
import { ConsentFailed, signOAuthState, spendOAuthState } from "../../integrations/oauth-state.js";
import type { SecretBox } from "../../http/secrets.js";
import { openCalendarChannel } from "./calendar-channel.js";
import { calendarApi, googleFailure, googleOAuthClient } from "./google-clients.js";
import { findMeetIntegration, meetConfig, meetPushUrl, ROW_STATUS, readMeetSecret, updateMeetRow } from "./meet-integration.js";

/** What the signed OAuth state is bound to (besides the account and the browser's cookie). */
export const MEET_STATE_PURPOSE = "meet";
export const MEET_STATE_COOKIE = "minutely_meet_oauth";

async function savedClient(db: Db, box: SecretBox, owner: ConnectionOwner) {
  const row = await findMeetIntegration(db, owner);
  const secret = row ? readMeetSecret(box, row) : null;
  const clientId = row ? meetConfig(row).clientId : undefined;
  if (!row || !secret?.clientSecret || !clientId)
    throw new ConsentFailed(
      "not_saved",
      "Save your Google Client ID and Client Secret first, then connect your Google account.",
      "conflict",
    );
  return { row, secret, clientId };
}

/**
 * Google's consent URL for the account's own OAuth client: offline access (a refresh token),
 * consent asked every time (so Google issues a new refresh token), a state signed for this account
 * and bound to this browser by the nonce the route puts in a cookie.
 */
export async function startMeetConsent(
  db: Db,
  box: SecretBox,
  config: Config,
  options: ConnectionOwner & { redirectUri: string; now: Date },
): Promise<{ url: string; nonce: string }> {
  const { secret, clientId } = await savedClient(db, box, options);
  const { state, nonce } = signOAuthState(box, { purpose: MEET_STATE_PURPOSE, accountId: options.accountId, now: options.now });
  const client = googleOAuthClient(config, { clientId, clientSecret: secret.clientSecret }, options.redirectUri);
  const url = client.generateAuthUrl({
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: true,
    scope: [...MEET_SCOPES],
    state,
  });
  return { url, nonce };
}

/**
 * The callback: the state must be this account's and this browser's; the code is exchanged for
 * tokens; a Calendar call with the access token names the Google account (its primary calendar's
 * id is its address) and proves the consent works. Only then is the row "connected". The push
 * channel is opened last; if Google refuses it, the connection stands and the error is shown
 * (the renewal job tries again).
 */
export async function finishMeetConsent(
  db: Db,
  box: SecretBox,
  config: Config,
  options: {
    accountId: number;
    userId: number;
    code: string;
    state: string;
    cookieNonce: string | undefined;
    redirectUri: string;
    origin: string;
    now: Date;
  },
): Promise<{ googleAccount: string; channelError: string | null }> {
  await spendOAuthState(db, box, options.state, {
    purpose: MEET_STATE_PURPOSE,
    accountId: options.accountId,
    cookieNonce: options.cookieNonce,
    now: options.now,
  });
  const { row, secret, clientId } = await savedClient(db, box, options);
  const client = googleOAuthClient(config, { clientId, clientSecret: secret.clientSecret }, options.redirectUri);
  let tokens: Credentials;
  try {
    tokens = (await client.getToken({ code: options.code, redirect_uri: options.redirectUri })).tokens;
  } catch (error) {
    throw new AppError("bad_gateway", `Google refused the sign-in: ${googleFailure(error).message}`);
  }
  if (!tokens.access_token) throw new AppError("bad_gateway", "Google answered without an access token.");
  const refreshToken = tokens.refresh_token ?? secret.refreshToken ?? null;
  if (!refreshToken)
    throw new AppError(
      "bad_gateway",
      "Google issued no refresh token. Remove Minutely's access in your Google account (Security → Third-party access) and connect again.",
    );

  let googleAccount: string;
  try {
    const primary = await calendarApi(config, tokens.access_token).calendars.get({ calendarId: "primary" });
    googleAccount = (primary.data.id ?? "").toLowerCase();
  } catch (error) {
    throw new AppError("bad_gateway", `Google Calendar refused the new access: ${googleFailure(error).message}`);
  }

  let connected = await updateMeetRow(
    db,
    box,
    row,
    {
      status: ROW_STATUS.connected,
      lastError: null,
      config: { googleAccount, syncToken: null },
      secret: {
        refreshToken,
        accessToken: tokens.access_token,
        accessTokenExpiresAt: tokens.expiry_date ?? options.now.getTime() + 3600_000,
      },
    },
    options.now,
  );
  let channelError: string | null = null;
  try {
    connected = await openCalendarChannel(db, box, config, {
      row: connected,
      accessToken: tokens.access_token,
      address: meetPushUrl(options.origin, connected)!,
      now: options.now,
    });
  } catch (error) {
    channelError = (error as Error).message;
  }
  return { googleAccount, channelError };
}
