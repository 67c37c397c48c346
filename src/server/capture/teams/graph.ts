import type { Client } from "@microsoft/microsoft-graph-client";
import type { Config } from "../../config.js";
import { microsoftFetchOptions } from "./microsoft-fetch.js";
import { onFirstUse } from "../../http/on-first-use.js";

/** The Graph SDK, loaded when Teams is first used (http/on-first-use.ts). */
const graphSdk = onFirstUse<typeof import("@microsoft/microsoft-graph-client")>("@microsoft/microsoft-graph-client");

/**
 * Microsoft Graph through its official SDK (docs/teams.md), at
 * `config.microsoft.graphBase`: the call-records subscription and the call records themselves.
 * The SDK attaches the bearer only to Graph's own hosts or `customHosts` (a stand-in's), and its
 * RetryHandler already retries 429/503/504 after Retry-After a few times; what still fails is a
 * GraphFailure with Graph's own code and message.
 */

/** Graph's longest life for a callRecords subscription (4230 minutes), and the margin we stay under it. */
export const CALL_RECORDS_MAX_MINUTES = 4230;
export const SUBSCRIPTION_MINUTES = CALL_RECORDS_MAX_MINUTES - 30;
/** How long one Graph request may take. */
const GRAPH_TIMEOUT_MS = 15_000;

export class GraphFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    /** Seconds Graph asked us to wait (429/503), when it said. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

export async function graphClient(config: Pick<Config, "microsoft">, accessToken: string): Promise<Client> {
  const base = new URL(`${config.microsoft.graphBase}/`);
  return graphSdk().Client.init({
    baseUrl: base.toString(),
    defaultVersion: "v1.0",
    customHosts: new Set([base.hostname]),
    authProvider: (done) => done(null, accessToken),
    fetchOptions: { ...(await microsoftFetchOptions(config)), signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) },
  });
}

/** Graph's failure as one message ("Graph 404 ResourceNotFound: …") with what the caller decides on. */
function toGraphFailure(error: unknown): GraphFailure {
  if (error instanceof GraphFailure) return error;
  if (error instanceof graphSdk().GraphError) {
    const retryAfter = Number(error.headers?.get?.("retry-after"));
    return new GraphFailure(
      `Microsoft Graph ${error.statusCode || ""} ${error.code ?? ""}: ${error.message}`.replace(/\s+/g, " ").trim(),
      error.statusCode,
      error.code ?? null,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError")
    return new GraphFailure("Microsoft Graph did not answer in time", 504, null, null);
  return new GraphFailure(
    `Microsoft Graph could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    0,
    null,
    null,
  );
}

async function graphCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toGraphFailure(error);
  }
}

export type GraphSubscription = { id: string; expirationDateTime: string };

/** The newest expiry we ask for: now + SUBSCRIPTION_MINUTES. */
export function subscriptionExpiry(now: Date): Date {
  return new Date(now.getTime() + SUBSCRIPTION_MINUTES * 60_000);
}

/**
 * POST /subscriptions on call records. Graph validates the notificationUrl synchronously (it POSTs
 * `?validationToken=` there and needs it echoed) before it answers.
 */
export async function createCallRecordsSubscription(
  client: Client,
  options: { notificationUrl: string; lifecycleNotificationUrl?: string | null; clientState: string; expiration: Date },
): Promise<GraphSubscription> {
  return graphCall(() =>
    client.api("/subscriptions").post({
      changeType: "created",
      notificationUrl: options.notificationUrl,
      ...(options.lifecycleNotificationUrl ? { lifecycleNotificationUrl: options.lifecycleNotificationUrl } : {}),
      resource: "/communications/callRecords",
      expirationDateTime: options.expiration.toISOString(),
      clientState: options.clientState,
    }),
  );
}

export async function renewSubscription(client: Client, id: string, expiration: Date): Promise<GraphSubscription> {
  return graphCall(() =>
    client.api(`/subscriptions/${encodeURIComponent(id)}`).patch({ expirationDateTime: expiration.toISOString() }),
  );
}

export async function deleteSubscription(client: Client, id: string): Promise<void> {
  await graphCall(() => client.api(`/subscriptions/${encodeURIComponent(id)}`).delete());
}

/** Graph's documented JSON of what we read: callRecord and participant (communicationsIdentitySet). */
export type GraphIdentitySet = {
  user?: { id?: string | null; displayName?: string | null; userPrincipalName?: string | null; tenantId?: string | null } | null;
  phone?: { id?: string | null; displayName?: string | null } | null;
  guest?: { id?: string | null; displayName?: string | null } | null;
};
export type GraphParticipant = { id?: string | null; identity?: GraphIdentitySet | null };
export type GraphCallRecord = {
  id: string;
  version?: number | null;
  type?: string | null;
  startDateTime?: string | null;
  endDateTime?: string | null;
  joinWebUrl?: string | null;
  organizer?: GraphIdentitySet | null;
  organizer_v2?: GraphParticipant | null;
};

/** A directory user as GET /users/{id | userPrincipalName} answers it (User.ReadBasic.All). */
export type GraphUser = { id: string; displayName?: string | null; userPrincipalName?: string | null; mail?: string | null };

/** The directory user named by an object id or userPrincipalName; null when Graph does not know it (404). */
export async function findUser(client: Client, principal: string): Promise<GraphUser | null> {
  try {
    return await graphCall(
      async () =>
        (await client
          .api(`/users/${encodeURIComponent(principal)}`)
          .select(["id", "displayName", "userPrincipalName", "mail"])
          .get()) as GraphUser,
    );
  } catch (error) {
    if (error instanceof GraphFailure && error.status === 404) return null;
    throw error;
  }
}

/** A page of GET /communications/callRecords: the records (no participants or sessions) and the next page's link. */
export type CallRecordPage = { records: GraphCallRecord[]; nextLink: string | null };

/**
 * One page of the call-record list (CallRecords.Read.All; Graph keeps records 30 days):
 * `$filter=startDateTime ge {since}` for the first page, then Graph's @odata.nextLink.
 */
export async function listCallRecordsPage(client: Client, from: { since: Date } | { nextLink: string }): Promise<CallRecordPage> {
  return graphCall(async () => {
    const request =
      "nextLink" in from
        ? client.api(from.nextLink)
        : client.api("/communications/callRecords").filter(`startDateTime ge ${from.since.toISOString()}`);
    const answer = (await request.get()) as { value?: GraphCallRecord[]; "@odata.nextLink"?: string };
    return { records: answer.value ?? [], nextLink: answer["@odata.nextLink"] ?? null };
  });
}

/** Pages of participants_v2 followed at most this far (a town hall may have thousands). */
const MAX_PARTICIPANT_PAGES = 20;

/** GET /communications/callRecords/{id} and every page of its participants_v2. */
export async function getCallRecord(
  client: Client,
  id: string,
): Promise<{ record: GraphCallRecord; participants: GraphParticipant[] }> {
  return graphCall(async () => {
    const path = `/communications/callRecords/${encodeURIComponent(id)}`;
    const record = (await client.api(path).get()) as GraphCallRecord;
    const participants: GraphParticipant[] = [];
    let next: string | undefined = `${path}/participants_v2`;
    for (let page = 0; next && page < MAX_PARTICIPANT_PAGES; page += 1) {
      const answer = (await client.api(next).get()) as { value?: GraphParticipant[]; "@odata.nextLink"?: string };
      participants.push(...(answer.value ?? []));
      next = answer["@odata.nextLink"];
    }
    return { record, participants };
  });
}
