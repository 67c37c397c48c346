// Writes tests/file-seconds.json from vitest JSON reports: each test file's seconds (its first test's start to its
// last test's end), which tests/helpers/longest-first.ts uses to start the longest browser journeys and system
// tests first. Usage: node scripts/file-seconds.mjs .tmp/ci/system.json [more reports]
// The record replaces the files the reports name and keeps the others.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "tests/file-seconds.json");
const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error("usage: node scripts/file-seconds.mjs <vitest JSON report>...");
  process.exit(1);
}
const record = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, "utf8")) : {};
for (const report of reports) {
  for (const file of JSON.parse(fs.readFileSync(report, "utf8")).testResults) {
    record[path.relative(root, file.name)] = Math.round((file.endTime - file.startTime) / 1000);
  }
}
const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${out}: ${Object.keys(sorted).length} files`);
