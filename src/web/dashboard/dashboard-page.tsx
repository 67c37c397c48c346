import { greetingFor } from "@core/greeting";
import { useState } from "react";
import { AccessDenied } from "@web/components/access-denied";
import { PageHeader } from "@web/components/page-header";
import { LoadingState } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { LogCallDialog } from "@web/calls/log-call-dialog";
import { StartCallDialog } from "@web/calls/start-call-dialog";
import { AccountOverview } from "./account-overview";
import { ActiveCallTracker } from "./active-call-tracker";
import { QuickActions } from "./quick-actions";
import { RecentCalls } from "./recent-calls";
import { StatCards } from "./stat-cards";
import { MeetingsToConfirm } from "@web/capture/calendar/meetings-to-confirm";
import { CaptureCard } from "@web/first-run/capture-card";
import { SetupGuide } from "@web/first-run/setup-guide";
import { usePracticePeople } from "@web/team/use-practice-people";
import { type DashboardChoice, DashboardViewPicker, dashboardFilters, TEAM_EVERYONE } from "./dashboard-view-picker";

/**
 * Dashboard: greeting, the setup guide until it is dismissed or done (docs/first-run.md),
 * active-call tracker, today's figures, quick actions, recent calls, the Capture card
 * and the account overview. Owner, admin and billing of a practice of several people choose whose figures:
 * Mine or Team (everyone or one member); a member's dashboard is always their own (the server holds them to it).
 */
export default function DashboardPage() {
  const { user, isLoading } = useAuth();
  const [startOpen, setStartOpen] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [choice, setChoice] = useState<DashboardChoice>(TEAM_EVERYONE);
  const team = usePracticePeople();

  if (isLoading) return <LoadingState />;
  if (!user) return <AccessDenied message="Please log in to access the dashboard." />;

  // Whose work the figures and Recent Calls show: the toggle's choice, or everyone the viewer may see.
  const filters = team.offered ? dashboardFilters(choice) : "";
  const openStart = () => setStartOpen(true);
  const openLog = () => setLogOpen(true);
  return (
    <>
      <PageHeader
        title={greetingFor(new Date().getHours(), user.firstName)}
        description="Track billable time with precision and generate professional invoices effortlessly."
      />
      <SetupGuide timezone={user.timezone} />
      <ActiveCallTracker onStartCall={openStart} />
      {team.offered && <DashboardViewPicker value={choice} onChange={setChoice} people={team.people} />}
      <StatCards currency={user.currency} filters={filters} />
      <MeetingsToConfirm timezone={user.timezone} />
      <QuickActions onStartCall={openStart} onLogCall={openLog} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentCalls currency={user.currency} timezone={user.timezone} onLogCall={openLog} filters={filters} />
        </div>
        <div className="grid content-start gap-6">
          <CaptureCard timezone={user.timezone} />
          <AccountOverview user={user} />
        </div>
      </div>
      <StartCallDialog open={startOpen} onOpenChange={setStartOpen} />
      <LogCallDialog open={logOpen} onOpenChange={setLogOpen} />
    </>
  );
}
