import { randomBytes } from "node:crypto";
import type { SessionUser } from "../../src/core/contracts/auth.js";
import type { InvitationSentResponse } from "../../src/core/contracts/team.js";
import type { ApiClient } from "./api-client.js";
import type { TestApp } from "./test-app.js";

/** The token of an invitation link (`…/join#token`). */
export function tokenOf(link: string): string {
  const token = new URL(link).hash.slice(1);
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Invites an address with a role through the API (no SMTP: the answer carries the link) and returns the token. */
export async function invite(owner: ApiClient, role: string, email = `person-${randomBytes(5).toString("hex")}@example.test`) {
  const response = await owner.post<InvitationSentResponse>("/api/team/invitations", { email, role });
  if (response.status !== 201 || !response.body.link) throw new Error(`invite failed: ${response.status} ${response.text}`);
  return { email, token: tokenOf(response.body.link), invitation: response.body.invitation };
}

/** A new person who accepted an invitation with the role: their own signed-in client. */
export async function joinAs(t: TestApp, owner: ApiClient, role: string) {
  const { email, token } = await invite(owner, role);
  const c = t.client();
  const joined = await c.post<SessionUser>("/api/invitations/accept", {
    token,
    firstName: "Grace",
    lastName: role,
    password: "correct horse",
  });
  if (joined.status !== 200) throw new Error(`accept failed: ${joined.status} ${joined.text}`);
  return { c, email, password: "correct horse", user: joined.body };
}
