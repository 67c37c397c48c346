import { AccountingRejected, AccountingUnauthorized, AccountingUnavailable } from "../../accounting-errors.js";
import { providerRequest } from "../../http.js";
import type { WaveSession } from "./wave-settings.js";
import { WAVE_OPERATIONS, type WaveOperation } from "./wave-operations.js";

/**
 * Wave's GraphQL transport: one POST to /graphql/public per named operation. Wave answers most
 * refusals with HTTP 200: top-level `errors` (a bad document, an unknown id, UNAUTHENTICATED) and,
 * for mutations, `didSucceed: false` with `inputErrors`; both become the four failures here, in
 * Wave's own words.
 */
const GRAPHQL_ORIGIN = "https://gql.waveapps.com";

export type Page<T> = { pageInfo: { currentPage: number; totalPages: number }; edges: { node: T }[] };
type MutationResult = { didSucceed: boolean; inputErrors: { path?: string[] | string; message: string }[] | null };

/** A mutation whose `didSucceed: false` becomes AccountingRejected with Wave's own messages. */
export async function mutate<T>(
  session: WaveSession,
  operation: WaveOperation,
  field: string,
  input: Record<string, unknown>,
): Promise<T> {
  const data = await gql<Record<string, (MutationResult & T) | null>>(session, operation, { input });
  const result = data[field];
  if (!result) throw new AccountingUnavailable(`Wave answered ${operation} without a result.`);
  if (!result.didSucceed) {
    const messages = (result.inputErrors ?? []).map((error) => error.message).filter(Boolean);
    throw new AccountingRejected(messages.length > 0 ? messages.join(" ") : `Wave refused ${operation}.`);
  }
  return result;
}

/** One GraphQL request; top-level `errors` are Wave refusing the request itself. */
export async function gql<T>(session: WaveSession, operation: WaveOperation, variables: Record<string, unknown>): Promise<T> {
  const response = await providerRequest(session, {
    method: "POST",
    url: `${session.endpoints.baseUrl ?? GRAPHQL_ORIGIN}/graphql/public`,
    json: { query: WAVE_OPERATIONS[operation], variables, operationName: operation },
    describeError: waveError,
  });
  const body = (response.body ?? {}) as { data?: T | null; errors?: { message?: string; extensions?: { code?: string } }[] };
  if (body.errors?.length) {
    if (body.errors.some((error) => error.extensions?.code === "UNAUTHENTICATED"))
      throw new AccountingUnauthorized(waveError(401, body));
    if (body.errors.some((error) => error.extensions?.code === "INTERNAL_SERVER_ERROR"))
      throw new AccountingUnavailable(waveError(500, body));
    throw new AccountingRejected(waveError(200, body));
  }
  if (!body.data) throw new AccountingUnavailable(`Wave answered ${operation} without data.`);
  return body.data;
}

function waveError(status: number, body: unknown): string {
  const errors = (body as { errors?: { message?: string }[] } | null)?.errors ?? [];
  const messages = errors.map((error) => error.message).filter(Boolean);
  return messages.length > 0 ? messages.join(" ") : `Wave answered ${status}.`;
}
