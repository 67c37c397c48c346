import { RefreshCw, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { NoticeCard } from "@web/components/access-denied";
import { PageHeader } from "@web/components/page-header";
import { Button } from "@web/components/ui/button";
import { useAuth } from "@web/hooks/use-auth";
import { CompanySizeChart } from "./company-size-chart";
import { ExportButton } from "./export-button";
import { SignupsTable } from "./signups-table";
import { StatsCards } from "./stats-cards";
import { TopCompanies } from "./top-companies";
import { isForbidden, refreshWaitlist, useWaitlistEntries, useWaitlistStats } from "./use-waitlist-data";

/** Shown to a signed-in user who is not an administrator (docs/decisions.md D11). */
function AdminsOnly() {
  return (
    <NoticeCard
      icon={ShieldAlert}
      title="Access Denied"
      className="min-h-[50vh]"
      action={
        <Button asChild variant="outline">
          <Link href="/">Back to Dashboard</Link>
        </Button>
      }
    >
      The waitlist dashboard shows other people's personal data, so only administrators can open it. Ask an administrator to grant
      you access.
    </NoticeCard>
  );
}

function WaitlistDashboard() {
  const [page, setPage] = useState(1);
  const stats = useWaitlistStats();
  const entries = useWaitlistEntries(page);
  const [isRefreshing, setRefreshing] = useState(false);
  if (isForbidden(stats.error) || isForbidden(entries.error)) return <AdminsOnly />;

  const handleRefresh = async () => {
    setRefreshing(true);
    await refreshWaitlist().finally(() => setRefreshing(false));
  };

  return (
    <>
      <PageHeader
        title="Waitlist Dashboard"
        description="Who joined the waitlist, and from which companies."
        actions={
          <>
            <Button variant="outline" onClick={handleRefresh} disabled={isRefreshing}>
              <RefreshCw aria-hidden="true" className={isRefreshing ? "animate-spin" : undefined} />
              Refresh
            </Button>
            <ExportButton disabled={stats.data?.totalSignups === 0} />
          </>
        }
      />
      <div className="grid gap-6">
        <StatsCards stats={stats.data} />
        <div className="grid gap-6 lg:grid-cols-2">
          <CompanySizeChart stats={stats.data} />
          <TopCompanies stats={stats.data} />
        </div>
        <section aria-labelledby="signups-title" className="grid gap-4">
          <h2 id="signups-title" className="text-lg font-semibold">
            Signups
          </h2>
          <SignupsTable
            data={entries.data}
            isFetching={entries.isFetching}
            onPageChange={(next) => {
              setPage(next);
              document.getElementById("signups-title")?.scrollIntoView({ block: "start" });
            }}
          />
        </section>
      </div>
    </>
  );
}

/** /waitlist-admin: administrators only; everyone else sees Access Denied. */
export default function WaitlistAdminPage() {
  const { user } = useAuth();
  if (!user?.isAdmin) return <AdminsOnly />;
  return <WaitlistDashboard />;
}
