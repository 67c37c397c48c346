import pg from "pg";

/** Runs `work` on a connection to the server's admin database, and always closes it. */
export async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const THROWAWAY = /^minutely_t_(\d+)_[0-9a-f]+$/;

/** Whether a process of this machine is still running (the PostgreSQL server of the tests is on loopback). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Drops the throwaway databases whose worker has ended: the spares a worker's pool kept when it exited
 * (server-database-pool.ts), and any an interrupted run left. A running worker's, another run's beside this one
 * (CI runs two at once), are kept. Called by the global setup at the start and the end of a run: a run's last
 * spares are still its workers' at its end, so the next run's start drops them.
 */
export async function dropEndedWorkersDatabases(adminUrl: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'minutely\\_t\\_%'",
    );
    for (const { datname } of rows) {
      const pid = THROWAWAY.exec(datname)?.[1];
      if (pid && !running(Number(pid))) await admin.query(`drop database if exists ${datname} with (force)`);
    }
  });
}
