import type { WorkPerson } from "@core/contracts/team";
import { ToggleGroup } from "radix-ui";
import { EVERYONE, MemberPicker } from "@web/team/member-picker";

/** Whose work the dashboard's figures are: the viewer's own, or the team's (everyone or one member). */
export type DashboardChoice = { view: "mine" | "team"; member: string };

export const TEAM_EVERYONE: DashboardChoice = { view: "team", member: EVERYONE };

/** The query string GET /api/dashboard/stats gets for a choice (`view=mine|team&userId=`). */
export function dashboardFilters(choice: DashboardChoice): string {
  if (choice.view === "mine") return "view=mine";
  return choice.member === EVERYONE ? "view=team" : `view=team&userId=${choice.member}`;
}

const ITEM =
  "inline-flex h-8 min-w-20 items-center justify-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm dark:data-[state=on]:bg-card";

/**
 * The dashboard's "Mine / Team" toggle (issue 26 §2) for roles that see everyone's work; on Team, a member
 * picker narrows it to one person. A Radix toggle group: arrow keys move between the two, Space or Enter picks,
 * each item is a pressed/unpressed button for screen readers.
 */
export function DashboardViewPicker({
  value,
  onChange,
  people,
}: {
  value: DashboardChoice;
  onChange: (choice: DashboardChoice) => void;
  people: readonly WorkPerson[];
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end gap-4" data-testid="dashboard-view">
      <div className="grid gap-1.5">
        <span id="dashboard-view-label" className="text-sm font-medium">
          Whose work
        </span>
        <ToggleGroup.Root
          type="single"
          value={value.view}
          // Pressing the chosen item again would clear the group: keep the choice instead.
          onValueChange={(view) => {
            if (view === "mine" || view === "team") onChange({ ...value, view });
          }}
          aria-labelledby="dashboard-view-label"
          className="inline-flex h-10 w-fit items-center rounded-lg bg-muted p-1"
        >
          <ToggleGroup.Item value="mine" className={ITEM}>
            Mine
          </ToggleGroup.Item>
          <ToggleGroup.Item value="team" className={ITEM}>
            Team
          </ToggleGroup.Item>
        </ToggleGroup.Root>
      </div>
      {value.view === "team" && (
        <MemberPicker
          people={people}
          value={value.member}
          onValueChange={(member) => onChange({ view: "team", member })}
          label="Team member"
          everyoneLabel="Everyone"
          className="grid w-full gap-1.5 sm:w-auto"
        />
      )}
    </div>
  );
}
