import type { FastifyInstance } from "fastify";
import { createSubscriptionResponse, logoutResponse, sessionUser } from "../../core/contracts/auth.js";
import { createSubscriptionRequest, loginRequest } from "../../core/contracts/auth.js";
import { parseInput } from "../http/validate.js";
import { clearCookie, SESSION_COOKIE, SESSION_TTL_SECONDS, SIGNUP_COOKIE, SIGNUP_TTL_SECONDS, setCookie } from "./cookies.js";
import { DEFAULT_LOGIN_LIMITS, login } from "./login.js";
import { completeRegistration, createSubscription } from "./registration.js";
import { DEFAULT_SIGNUP_LIMIT, limitSignUps } from "./signup-limit.js";
import { requireAuth } from "./session-hook.js";
import { deleteSession } from "./sessions.js";
import { presentUser } from "./user-presenter.js";
import { routeSchema } from "../http/route-schema.js";

export type AuthRoutesOptions = { loginLimits?: typeof DEFAULT_LOGIN_LIMITS };

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions = {}): Promise<void> {
  const limits = options.loginLimits ?? DEFAULT_LOGIN_LIMITS;

  app.get(
    "/api/login",
    {
      schema: routeSchema({
        summary: "Old sign-in address: redirects to /auth",
        tags: ["auth"],
        public: true,
        response: { 302: { description: "To /auth" } },
      }),
    },
    async (_request, reply) => reply.redirect("/auth"),
  );

  // The app asks for the session user on every page load: its JSON is written once per cached session
  // lookup and reused until the cache entry goes (a second at most, or at once after a write).
  app.get(
    "/api/auth/user",
    {
      schema: routeSchema({
        permission: "account:use",
        summary: "The signed-in user",
        tags: ["auth"],
        response: { 200: sessionUser },
      }),
    },
    (request, reply) => {
      const auth = requireAuth(request);
      auth.userJson ??= JSON.stringify(presentUser(auth.user, auth.account, app.config.adminEmails));
      reply.type("application/json; charset=utf-8").send(auth.userJson);
    },
  );

  app.post(
    "/api/auth/login",
    {
      schema: routeSchema({
        summary: "Sign in: sets the session cookie",
        tags: ["auth"],
        public: true,
        body: loginRequest,
        response: { 200: sessionUser },
      }),
    },
    async (request, reply) => {
      const input = parseInput(loginRequest, request.body);
      const result = await login(app.db, {
        ...input,
        address: request.ip,
        now: app.now(),
        limits,
        passwordHashCost: app.config.passwordHashCost,
      });
      setCookie(request, reply, SESSION_COOKIE, result.token, SESSION_TTL_SECONDS);
      return presentUser(result.user, result.account, app.config.adminEmails);
    },
  );

  app.post(
    "/api/auth/logout",
    {
      schema: routeSchema({
        summary: "Sign out: ends the session",
        tags: ["auth"],
        public: true,
        response: { 200: logoutResponse },
      }),
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(app.db, token, app.sessionCache);
      clearCookie(request, reply, SESSION_COOKIE);
      return { success: true };
    },
  );

  app.post(
    "/api/auth/create-subscription",
    {
      schema: routeSchema({
        summary: "Sign-up step 1: the plan; sets the sign-up cookie",
        tags: ["auth"],
        public: true,
        body: createSubscriptionRequest,
        response: { 200: createSubscriptionResponse },
      }),
    },
    async (request, reply) => {
      const input = parseInput(createSubscriptionRequest, request.body);
      await limitSignUps(app.db, { address: request.ip, rule: app.config.signupLimit ?? DEFAULT_SIGNUP_LIMIT, now: app.now() });
      const { token, response } = await createSubscription(app.db, app.payments, input, app.now(), app.config.passwordHashCost);
      setCookie(request, reply, SIGNUP_COOKIE, token, SIGNUP_TTL_SECONDS);
      return response;
    },
  );

  app.post(
    "/api/auth/complete-registration",
    {
      schema: routeSchema({
        summary: "Sign-up step 2: creates the account; sets the session cookie",
        tags: ["auth"],
        public: true,
        response: { 201: sessionUser },
      }),
    },
    async (request, reply) => {
      const result = await completeRegistration(app.db, app.payments, request.cookies[SIGNUP_COOKIE], app.now());
      clearCookie(request, reply, SIGNUP_COOKIE);
      setCookie(request, reply, SESSION_COOKIE, result.token, SESSION_TTL_SECONDS);
      reply.status(201);
      return presentUser(result.user, result.account, app.config.adminEmails);
    },
  );
}
