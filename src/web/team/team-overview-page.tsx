import type { MemberIntegration, OverviewMember, TeamOverviewResponse } from "@core/contracts/team-overview";
import { formatHoursMinutes } from "@core/duration";
import { dateRangeLabel } from "@core/period";
import { ROLE_NAMES, type Role } from "@core/permissions";
import { PageHeader } from "@web/components/page-header";
import { QueryGate } from "@web/components/query-gate";
import { StatCard } from "@web/components/stat-card";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { useCan } from "@web/hooks/use-can";
import { queryKeys } from "@web/lib/query-keys";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";

const th = "px-4 py-3 font-medium";
const td = "px-4 py-3 align-top";

/** The four hour columns, in order: each member's captured and billed seconds this week and this month. */
const HOUR_COLUMNS: { label: string; testId: string; seconds: (member: OverviewMember) => number }[] = [
  { label: "Week captured", testId: "week-captured", seconds: (member) => member.week.capturedSeconds },
  { label: "Week billed", testId: "week-billed", seconds: (member) => member.week.billedSeconds },
  { label: "Month captured", testId: "month-captured", seconds: (member) => member.month.capturedSeconds },
  { label: "Month billed", testId: "month-billed", seconds: (member) => member.month.billedSeconds },
];
const PERIODS = [
  { key: "week", title: "This week" },
  { key: "month", title: "This month" },
] as const;

const nameOf = (member: OverviewMember) => [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email;
const hoursText = (seconds: number) => (seconds === 0 ? "0m" : formatHoursMinutes(seconds));
const when = (instant: string | null) =>
  instant ? new Date(instant).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "No event yet";

/** A connection's health in words: an error first, then whether events arrive. */
function IntegrationHealth({ integration }: { integration: MemberIntegration }) {
  const label = `${integration.provider} (${integration.kind})`;
  if (integration.lastError)
    return (
      <li>
        <Badge variant="destructive">{label}: error</Badge> <span className="text-xs">{integration.lastError}</span>
      </li>
    );
  return (
    <li>
      <Badge variant={integration.lastEventAt && integration.enabled ? "success" : "secondary"}>{label}</Badge>{" "}
      <span className="text-xs text-muted-foreground">
        {integration.enabled ? `Last event: ${when(integration.lastEventAt)}` : "Switched off"}
      </span>
    </li>
  );
}

function MembersTable({ overview }: { overview: TeamOverviewResponse }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="overflow-x-auto rounded-xl border" aria-label="Members" tabIndex={0}>
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">
          Hours captured and billed per member this week and this month, and their connections
        </caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className={th}>
              Member
            </th>
            {HOUR_COLUMNS.map((column) => (
              <th key={column.testId} scope="col" className={`${th} text-right`}>
                {column.label}
              </th>
            ))}
            <th scope="col" className={th}>
              Integrations
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {overview.members.map((member) => (
            <tr key={member.id} data-testid="overview-member">
              <td className={td}>
                <p className="font-medium break-all">{nameOf(member)}</p>
                <p className="text-xs text-muted-foreground">{ROLE_NAMES[member.role as Role]}</p>
              </td>
              {HOUR_COLUMNS.map((column) => (
                <td key={column.testId} className={`${td} text-right tabular-nums`} data-testid={column.testId}>
                  {hoursText(column.seconds(member))}
                </td>
              ))}
              <td className={td}>
                {member.integrations.length === 0 ? (
                  <span className="text-muted-foreground">None connected</span>
                ) : (
                  <ul className="grid gap-1">
                    {member.integrations.map((integration) => (
                      <IntegrationHealth key={`${integration.kind}:${integration.provider}`} integration={integration} />
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Overview({ overview }: { overview: TeamOverviewResponse }) {
  const { seats } = overview;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          title="Seats"
          titleAs="h2"
          value={seats.limit === null ? `${seats.used}` : `${seats.used} of ${seats.limit}`}
          loading={false}
          testId="overview-seats"
          hint="Members; Stripe bills one seat each on the Team plan."
        />
        {PERIODS.map(({ key, title }) => (
          <StatCard
            key={key}
            title={title}
            titleAs="h2"
            value={dateRangeLabel(overview[key].startDate, overview[key].endDate)}
            loading={false}
            testId={`overview-${key}`}
          />
        ))}
      </div>
      <MembersTable overview={overview} />
      <section aria-labelledby="overview-invitations" className="grid gap-3">
        <h2 id="overview-invitations" className="text-base font-semibold">
          Pending invitations
        </h2>
        {overview.invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No invitations are open. <Link href="/settings?tab=team">Invite someone in Settings → Team</Link>.
          </p>
        ) : (
          <ul className="divide-y rounded-md border">
            {overview.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-2 p-3" data-testid="overview-invitation">
                <span className="font-medium break-all">{invitation.email}</span>
                <Badge variant="secondary">{ROLE_NAMES[invitation.role as Role]}</Badge>
                <span className="text-sm text-muted-foreground">
                  {invitation.expired ? "Expired" : `Expires ${new Date(invitation.expiresAt).toLocaleDateString()}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the team overview" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} className="h-28 w-full" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/**
 * Team overview (/team): the admin dashboard of issue 26 §5, for owners and admins (members:manage).
 * Another role gets the sentence, not a request the server would refuse.
 */
export default function TeamOverviewPage() {
  const mayView = useCan("members:manage");
  const overview = useQuery<TeamOverviewResponse>({ queryKey: queryKeys.teamOverview(), enabled: mayView });
  return (
    <>
      <PageHeader
        title="Team overview"
        description="Who captured and billed what this week and month, and whether their connections work."
      />
      {mayView ? (
        <QueryGate query={overview} loading={<OverviewSkeleton />} errorMessage="The team overview could not be loaded.">
          {(data) => <Overview overview={data} />}
        </QueryGate>
      ) : (
        <div role="alert" className="grid gap-3">
          <p className="text-sm">The team overview is for owners and admins of your practice.</p>
          <Button asChild variant="outline" className="w-fit">
            <Link href="/">Back to the dashboard</Link>
          </Button>
        </div>
      )}
    </>
  );
}
