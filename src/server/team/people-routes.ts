import type { FastifyInstance } from "fastify";
import { workPeopleResponse } from "../../core/contracts/team.js";
import { requireAuth } from "../auth/session-hook.js";
import { routeSchema } from "../http/route-schema.js";
import { findPracticePeople } from "./people.js";

/** The member pickers' list (issue 26 §2): whoever may read the whole practice's work may narrow it to one person. */
export async function teamPeopleRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/team/people",
    {
      schema: routeSchema({
        permission: "work:read-all",
        summary:
          "The practice's people (names only, removed ones marked) for the member filters of the dashboard, client log and invoices",
        tags: ["team"],
        response: { 200: workPeopleResponse },
      }),
    },
    async (request) => {
      const { accountId, userId } = requireAuth(request);
      const people = await findPracticePeople(app.db, accountId);
      return { people: people.map((person) => ({ ...person, isYou: person.id === userId })) };
    },
  );
}
