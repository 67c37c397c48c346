import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";
import { personName } from "./team-presenter.js";

/** One person of the practice as the pickers and invoice lines name them ("Ada Lovelace", else the address). */
export type PracticePerson = { id: number; name: string; removed: boolean };

/** Every person of the practice, removed members included (their work and invoice lines keep their name). */
export async function findPracticePeople(db: Db, accountId: number): Promise<PracticePerson[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      removedAt: users.removedAt,
    })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    name: personName(row.firstName, row.lastName, row.email) ?? row.email,
    removed: row.removedAt !== null,
  }));
}

/** The members the practice has now (what "more than one member" counts). */
export const currentMembers = (people: PracticePerson[]): number => people.filter((person) => !person.removed).length;
