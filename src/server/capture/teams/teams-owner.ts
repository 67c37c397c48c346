import type { Config } from "../../config.js";
import { findUser, GraphFailure, graphClient } from "./graph.js";
import { acquireGraphToken, type TeamsCredentials } from "./identity.js";

/**
 * Who the integration's owner is in Microsoft Entra ID (docs/teams.md): call records name people by
 * Entra object id, and organizer_v2 carries no userPrincipalName, so the owner is recognised by the
 * object id looked up here at connect: GET /users/{userPrincipalName} (User.ReadBasic.All). The
 * principal is the one the user typed, else their Minutely email. A refusal or an unknown user is
 * not fatal: capture still works and the owner is then recognised by address only, and the screen
 * says why.
 */
export type TeamsOwnerIdentity = { objectId: string | null; principal: string; note: string | null };

export async function lookUpTeamsOwner(
  config: Pick<Config, "microsoft">,
  credentials: TeamsCredentials,
  principal: string,
): Promise<TeamsOwnerIdentity> {
  try {
    const client = await graphClient(config, await acquireGraphToken(config, credentials));
    const user = await findUser(client, principal);
    if (user?.id) return { objectId: user.id, principal: user.userPrincipalName ?? principal, note: null };
    return {
      objectId: null,
      principal,
      note: `Microsoft Entra ID has no user ${principal}: enter your Microsoft sign-in name so your own meetings never list you as a participant.`,
    };
  } catch (error) {
    if (!(error instanceof GraphFailure)) throw error;
    return {
      objectId: null,
      principal,
      note: `Minutely could not look up ${principal} in Microsoft Entra ID (${error.message}); grant User.ReadBasic.All so your own meetings never list you as a participant.`,
    };
  }
}
