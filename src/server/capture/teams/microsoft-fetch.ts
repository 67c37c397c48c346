import type { Config } from "../../config.js";

/**
 * The fetch every Microsoft request goes through (msal-node's token requests and Graph's SDK).
 * In production it is the global fetch, trusting the system's roots. When `config.microsoft.trustedCa`
 * is set (tests: the stand-in's self-signed certificate) requests carry an undici dispatcher that also
 * trusts it; undici is loaded only then, so production never needs it.
 */
export type MicrosoftFetch = (url: string | URL | Request, init?: RequestInit) => Promise<Response>;

const dispatchers = new Map<string, Promise<unknown>>();

function dispatcherFor(ca: string): Promise<unknown> {
  let dispatcher = dispatchers.get(ca);
  if (!dispatcher) {
    dispatcher = import("undici").then(({ Agent }) => new Agent({ connect: { ca } }));
    dispatchers.set(ca, dispatcher);
  }
  return dispatcher;
}

/** Extra options for every fetch to Microsoft ({} unless a test CA is trusted). */
export async function microsoftFetchOptions(config: Pick<Config, "microsoft">): Promise<RequestInit> {
  const ca = config.microsoft.trustedCa;
  return ca ? ({ dispatcher: await dispatcherFor(ca) } as RequestInit) : {};
}

export function microsoftFetch(config: Pick<Config, "microsoft">): MicrosoftFetch {
  return async (url, init) => fetch(url, { ...init, ...(await microsoftFetchOptions(config)) });
}
