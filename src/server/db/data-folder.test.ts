import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tarEntry } from "../../../tests/helpers/tar-entry.js";
import { fillFromTemplate, fillNewDataFolder, holdsDatabase, pgliteFolder } from "./data-folder.js";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-data-folder-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A data dir's shape, as far as these rules look: PG_VERSION and one relation file. */
const template = Buffer.concat([
  tarEntry("/PG_VERSION", "0", Buffer.from("17\n")),
  tarEntry("/base", "5"),
  tarEntry("/base/1259", "0", Buffer.from("pages")),
  Buffer.alloc(1024),
]);
const unreadable = Buffer.concat([
  tarEntry("/PG_VERSION", "0", Buffer.from("17\n")),
  tarEntry("/pg_link", "2"),
  Buffer.alloc(1024),
]);

describe("a new PGlite folder filled from the template", () => {
  it("is renamed into place whole, replacing an empty folder and a half-written one left by a stopped start", () => {
    const dir = path.join(work, "renamed", "pglite");
    fs.mkdirSync(dir, { recursive: true });
    fs.mkdirSync(`${dir}.unpacking/base`, { recursive: true });
    fs.writeFileSync(`${dir}.unpacking/base/stale`, "from a start stopped half way");

    fillFromTemplate(dir, template);

    expect(holdsDatabase(dir)).toBe(true);
    expect(fs.readFileSync(path.join(dir, "base", "1259"), "utf8")).toBe("pages");
    expect(fs.existsSync(path.join(dir, "base", "stale"))).toBe(false);
    expect(fs.readdirSync(path.dirname(dir))).toEqual(["pglite"]);
  });

  it("leaves no folder a later start would take for a database when the template cannot be unpacked", () => {
    const dir = path.join(work, "broken", "pglite");
    fs.mkdirSync(path.dirname(dir), { recursive: true });

    expect(() => fillFromTemplate(dir, unreadable)).toThrow('The PGlite template has an entry of tar type "2" (/pg_link)');

    // PG_VERSION was written before the bad entry, but only into the side folder: the next start unpacks again.
    expect(holdsDatabase(dir)).toBe(false);
    fillFromTemplate(dir, template);
    expect(holdsDatabase(dir)).toBe(true);
  });

  it("refuses a folder that holds files but no database, naming it, and leaves those files as they were", () => {
    const dir = path.join(work, "foreign", "pglite");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "notes.txt"), "not a database");

    expect(() => fillFromTemplate(dir, template)).toThrow(
      `The data folder ${dir} holds files but no database (it has no PG_VERSION); move it aside and start again`,
    );
    expect(fs.readdirSync(dir)).toEqual(["notes.txt"]);
    expect(fs.readdirSync(path.dirname(dir))).toEqual(["pglite"]);
  });
});

describe("the server's data folder, filled by the build", () => {
  it("is made where DATA_DIR points, when it is new", () => {
    const dataDir = path.join(work, "settings", "data");
    expect(fillNewDataFolder({ dataDir }, template)).toBe(dataDir);
    expect(holdsDatabase(pgliteFolder(dataDir))).toBe(true);
  });

  it("keeps a folder that holds a database already", () => {
    const dataDir = path.join(work, "existing", "data");
    fillFromTemplate(pgliteFolder(dataDir), template);
    fs.writeFileSync(path.join(pgliteFolder(dataDir), "base", "1259"), "written since");

    expect(fillNewDataFolder({ dataDir }, template)).toBeNull();
    expect(fs.readFileSync(path.join(pgliteFolder(dataDir), "base", "1259"), "utf8")).toBe("written since");
  });

  it("makes nothing when the server's database is PostgreSQL (DATABASE_URL)", () => {
    const dataDir = path.join(work, "postgres", "data");
    expect(fillNewDataFolder({ dataDir, databaseUrl: "postgres://127.0.0.1:1/minutely" }, template)).toBeNull();
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
