import type { ApiClient } from "../../helpers/api-client.js";
import type { GoogleStandIn } from "./server.js";

/**
 * The Meet consent as a browser makes it, over the app's real routes and the stand-in's consent:
 * save the OAuth client, GET /connect (302 to Google with a signed state and the state cookie),
 * "Allow" at Google, then the callback (302 back to Settings → Meet). Returns the final redirect.
 */
export async function connectMeet(
  client: ApiClient,
  google: GoogleStandIn,
  credentials: { clientId: string; clientSecret: string },
): Promise<{ location: URL; authorizeUrl: URL; callbackUrl: URL }> {
  const saved = await client.post("/api/integrations/meet", { ...credentials, enabled: true });
  if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${saved.text}`);
  const start = await client.get("/api/integrations/meet/connect");
  if (start.status !== 302) throw new Error(`connect failed: ${start.status} ${start.text}`);
  const authorizeUrl = new URL(start.headers.get("location")!);
  const callbackUrl = new URL(google.consent(authorizeUrl.toString()));
  const back = await client.get(callbackUrl.pathname + callbackUrl.search);
  if (back.status !== 302) throw new Error(`callback failed: ${back.status} ${back.text}`);
  return { location: new URL(back.headers.get("location")!, "http://app"), authorizeUrl, callbackUrl };
}

