// The real-world .ics corpus figure (issue 25 §1.4): files read, occurrences compared with the
// independent reading (tests/fixtures/ics/corpus/independent-reading.json), differences and where.
// The same comparison as src/server/capture/calendar/ics-corpus.test.ts, printed; the process runs in
// Pacific/Chatham so the server's zone cannot decide a time.
// Run: npx tsx bench/ics-corpus.ts
import { compareCorpus } from "../tests/helpers/ics-corpus.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { machine } from "./lib.mjs";

process.env.TZ = "Pacific/Chatham";
const started = performance.now();
const result = compareCorpus();
const seconds = (performance.now() - started) / 1000;
console.log(`machine: ${machine()}`);
console.log(
  `files: ${result.files}; not calendars (refused): ${result.notCalendars.length}; unreadable by the independent reader (read here without failing): ${result.unreadableByThem}`,
);
console.log(
  `compared: ${result.compared} files, ${result.occurrences} occurrences; agreeing occurrence by occurrence: ${result.compared - result.differences.size} files; differing: ${result.differences.size} files`,
);
for (const [file, difference] of result.differences)
  console.log(`  ${file}: ${difference.theirsOnly.length} only theirs, ${difference.oursOnly.length} only Minutely's`);
console.log(`read and compared in ${seconds.toFixed(1)} s`);
