import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client.js";
import { TEMPLATE_PATH } from "../helpers/global-setup.js";

/**
 * A new embedded data folder from a gzipped PGlite template (db/unpack-template.ts, the way `npm start` opens
 * one), with the migrated template this run's global setup made: no initdb of its own (that was most of
 * unpack-template.test.ts's time). The tar format's edge cases stay in src/server/db/unpack-template.test.ts.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-data-folder-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const migrationsApplied = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  (await database.pglite!.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0]!.n;

describe("a new data folder from the PGlite template", () => {
  it("opens with the template's tables and rows, and opens again as an existing folder", async () => {
    const dataDir = path.join(work, "fresh");
    const template = new Blob([fs.readFileSync(TEMPLATE_PATH)]);
    const fresh = await openDatabase({ dataDir, template });
    const applied = await migrationsApplied(fresh);
    expect(applied).toBeGreaterThan(0);
    expect((await fresh.pglite!.query("select * from accounts")).rows).toEqual([]);
    await fresh.pglite!.exec("create table kept (note text); insert into kept values ('written after the unpacking');");
    await fresh.close();
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);

    // The folder exists now: opened as it is (no template given), with the template's rows and the new one.
    const again = await openDatabase({ dataDir });
    expect(await migrationsApplied(again)).toBe(applied);
    expect((await again.pglite!.query<{ note: string }>("select note from kept")).rows).toEqual([
      { note: "written after the unpacking" },
    ]);
    await again.close();
  });
});
