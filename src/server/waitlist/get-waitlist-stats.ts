import { count, desc, isNotNull, sql } from "drizzle-orm";
import { COMPANY_SIZES, type WaitlistStats, WAITLIST_RECENT_DAYS, WAITLIST_TOP_COMPANIES } from "../../core/contracts/waitlist.js";
import type { Db } from "../db/client.js";
import { waitlistEntries } from "../db/schema/index.js";

const DAY_MS = 86_400_000;

/** The dashboard's cards, size distribution and top companies, each one aggregate query. */
export async function getWaitlistStats(db: Db, options: { now: Date }): Promise<WaitlistStats> {
  const since = new Date(options.now.getTime() - WAITLIST_RECENT_DAYS * DAY_MS);
  const hasCompany = sql`nullif(trim(${waitlistEntries.company}), '') is not null`;
  const [totals] = await db
    .select({
      totalSignups: count(),
      recentSignups: count(sql`case when ${waitlistEntries.createdAt} >= ${since.toISOString()}::timestamptz then 1 end`),
      withCompanies: count(sql`case when ${hasCompany} then 1 end`),
    })
    .from(waitlistEntries);

  const sizes = await db
    .select({ size: waitlistEntries.companySize, count: count() })
    .from(waitlistEntries)
    .where(isNotNull(waitlistEntries.companySize))
    .groupBy(waitlistEntries.companySize);
  const sizeCounts = new Map(sizes.map((row) => [row.size, Number(row.count)]));

  // Case-insensitive, so "Acme" and "acme " are one company, shown in its first spelling by code
  // point (collation "C", so PGlite and every server locale agree).
  const companyKey = sql`lower(trim(${waitlistEntries.company})) collate "C"`;
  const companies = await db
    .select({ company: sql<string>`min(trim(${waitlistEntries.company}) collate "C")`, count: count() })
    .from(waitlistEntries)
    .where(hasCompany)
    .groupBy(companyKey)
    .orderBy(desc(count()), companyKey)
    .limit(WAITLIST_TOP_COMPANIES);

  return {
    totalSignups: Number(totals?.totalSignups ?? 0),
    recentSignups: Number(totals?.recentSignups ?? 0),
    withCompanies: Number(totals?.withCompanies ?? 0),
    byCompanySize: COMPANY_SIZES.map((size) => ({ size, count: sizeCounts.get(size) ?? 0 })),
    topCompanies: companies.map((row) => ({ company: row.company, count: Number(row.count) })),
  };
}
