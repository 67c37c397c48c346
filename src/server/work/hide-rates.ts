import type { FastifyInstance } from "fastify";
import { withoutRates } from "../../core/work-visibility.js";
import { showsRates } from "./work-scope.js";

/**
 * Issue 26 §2, rates hidden from members: the one place the server drops rates and amounts from an answer,
 * for a session whose role does not see them (core/work-visibility.ts seesRates: no rates:read, and the
 * practice has not allowed members to see them). Every object answer passes here before it is serialized;
 * an answer already written as text (the session user, the client log's cache) is made without rates by its
 * route. The contracts mark these fields optional (`rateField`), so an answer without them is still valid.
 */
export function registerRateHiding(app: FastifyInstance): void {
  app.addHook("preSerialization", (request, _reply, payload, done) => {
    const auth = request.auth;
    if (!auth || showsRates(auth) || payload === null || typeof payload !== "object") return done(null, payload);
    done(null, withoutRates(payload));
  });
}
