import { daysBetween } from "./analytics-period.js";

/** Unbilled work by age (docs/analytics.md), the buckets accountants use for receivables. */
export const AGE_BUCKETS = [
  { key: "days0to30", label: "0–30 days", maxDays: 30 },
  { key: "days31to60", label: "31–60 days", maxDays: 60 },
  { key: "days61to90", label: "61–90 days", maxDays: 90 },
  { key: "over90", label: "Over 90 days", maxDays: Number.POSITIVE_INFINITY },
] as const;
export type AgeBucketKey = (typeof AGE_BUCKETS)[number]["key"];

/** Which bucket work done on `workDate` falls in on `today` (both calendar days in the account's zone). */
export function ageBucket(workDate: string, today: string): AgeBucketKey {
  const age = Math.max(0, daysBetween(workDate, today));
  return (AGE_BUCKETS.find((candidate) => age <= candidate.maxDays) ?? AGE_BUCKETS[3]).key;
}
