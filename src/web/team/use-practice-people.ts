import type { WorkPeopleResponse } from "@core/contracts/team";
import { useQuery } from "@tanstack/react-query";
import { useCan } from "@web/hooks/use-can";
import { queryKeys } from "@web/lib/query-keys";

/**
 * The practice's people for the member pickers (GET /api/team/people), asked only by those who see everyone's
 * work (`work:read-all`: owner, admin, billing). `offered`: whether a picker is worth showing at all (a role that
 * may narrow, in a practice of more than one person), so a solo practitioner sees no noise.
 */
export function usePracticePeople() {
  const mayPick = useCan("work:read-all");
  const people = useQuery<WorkPeopleResponse>({ queryKey: queryKeys.teamPeople(), enabled: mayPick });
  const list = people.data?.people ?? [];
  return { people: list, offered: mayPick && list.length > 1 };
}
