import type { FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "minutely_session";
export const SIGNUP_COOKIE = "minutely_signup";
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
export const SIGNUP_TTL_SECONDS = 3600;

/** httpOnly, SameSite=Lax, and Secure whenever the request arrived over https (directly or via a trusted proxy). */
export function setCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAgeSeconds: number): void {
  reply.setCookie(name, value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: maxAgeSeconds,
  });
}

export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { path: "/", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" });
}
