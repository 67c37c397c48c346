// Fails when src/server/db/schema has changes that no committed migration covers.
// It lets drizzle-kit try to generate one, then removes whatever it wrote.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const list = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : []);
const before = new Set([...list("drizzle"), ...list("drizzle/meta")]);
const journalPath = "drizzle/meta/_journal.json";
const journal = fs.readFileSync(journalPath, "utf8");
const result = spawnSync("npx", ["drizzle-kit", "generate", "--name", "uncommitted_check"], { encoding: "utf8" });
const added = [...list("drizzle"), ...list("drizzle/meta")].filter((f) => !before.has(f));
for (const file of added) fs.rmSync(file, { recursive: true, force: true });
fs.writeFileSync(journalPath, journal);
if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
if (added.length) {
  console.error("The schema has changes without a migration: run `npm run db:generate` and commit drizzle/.");
  process.exit(1);
}
console.log("Migrations match the schema.");
