import { z } from "zod";
import { ROLES } from "../permissions.js";
import { emailAddress, text } from "./common.js";
import { count, id, instant } from "./response-fields.js";

/** The roles an invitation or a role change may name (an owner is made by changing a member's role). */
export const INVITABLE_ROLES = ["admin", "member", "billing"] as const;
const roleMessage = { error: "Choose a role: owner, admin, member or billing" };

/** Settings → Team's invite form and POST /api/team/invitations: one schema for both. */
export const inviteMemberRequest = z.strictObject({
  email: emailAddress,
  role: z.enum(INVITABLE_ROLES, { error: "Choose a role: admin, member or billing" }),
});
export type InviteMemberRequest = z.infer<typeof inviteMemberRequest>;

export const changeRoleRequest = z.strictObject({ role: z.enum(ROLES, roleMessage) });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequest>;

export const teamMember = z.object({
  id,
  email: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  role: z.enum(ROLES),
  /** The newest activity of any of their sessions (renewed at most every 10 minutes); null once signed out everywhere. */
  lastActiveAt: instant.nullable(),
  isYou: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamInvitation = z.object({
  id,
  email: text(),
  role: z.enum(INVITABLE_ROLES),
  invitedBy: text().nullable(),
  createdAt: instant,
  expiresAt: instant,
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof teamInvitation>;

export const teamResponse = z.object({
  members: z.array(teamMember),
  invitations: z.array(teamInvitation),
  /** Members and open invitations the plan allows (null: no limit); core/team-seats.ts. */
  seatLimit: count.nullable(),
});
export type TeamResponse = z.infer<typeof teamResponse>;

/** An invitation just made or resent: the link itself only when no mail could carry it (shown once). */
export const invitationSentResponse = z.object({
  invitation: teamInvitation,
  mailed: z.boolean(),
  link: text().nullable(),
});
export type InvitationSentResponse = z.infer<typeof invitationSentResponse>;

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** The accept page's link carries the token in its fragment (never sent to a server, never logged). */
export const ACCEPT_INVITATION_PATH = "/join";

const token = text({ error: "This invitation link is incomplete. Open the link from the email again." })
  .min(20, "This invitation link is incomplete. Open the link from the email again.")
  .max(200, "This invitation link is not valid.");

export const invitationTokenRequest = z.strictObject({ token });

/** What the accept page shows before the invitee decides. */
export const invitationPreview = z.object({
  email: text(),
  role: z.enum(INVITABLE_ROLES),
  practiceName: text().nullable(),
  invitedBy: text().nullable(),
  /** The address already has a sign-in here (a former member of this practice): sign in instead of signing up. */
  signIn: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

const name = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`);

/** Accepting: a new person gives a name and a password; a former member signs in with their password. */
export const acceptInvitationRequest = z.strictObject({
  token,
  firstName: name("First name").optional(),
  lastName: name("Last name").optional(),
  password: text({ error: "Password must be at least 6 characters" })
    .min(6, "Password must be at least 6 characters")
    .max(200, "Password is too long"),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;

/** The accept form in the browser (confirmPassword never leaves it). */
export const acceptInvitationForm = z
  .object({
    firstName: name("First name"),
    lastName: name("Last name"),
    password: acceptInvitationRequest.shape.password,
    confirmPassword: text({ error: "Please confirm your password" }).min(6, "Please confirm your password"),
  })
  .refine((form) => form.password === form.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

/**
 * GET /api/team/people: the practice's people for the member pickers (dashboard's Team view, client log,
 * invoices), for those who see everyone's work (`work:read-all`). Removed members are listed (their work stays
 * with the practice), marked so the picker can say so. Names only: no address, role or activity.
 */
export const workPerson = z.object({ id, name: text(), removed: z.boolean(), isYou: z.boolean() });
export type WorkPerson = z.infer<typeof workPerson>;
export const workPeopleResponse = z.object({ people: z.array(workPerson) });
export type WorkPeopleResponse = z.infer<typeof workPeopleResponse>;
