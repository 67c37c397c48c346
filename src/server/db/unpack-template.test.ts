import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { tarEntry } from "../../../tests/helpers/tar-entry.js";
import { unpackTemplate } from "./unpack-template.js";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-unpack-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * The tar format's edge cases. Opening a real data folder from a template, and again as an existing one, is
 * tests/api/pglite-data-folder.test.ts (with the run's migrated template: no initdb here).
 */
describe("a new data folder from the PGlite template", () => {
  it("unpacks a plain tar as well as a gzipped one", () => {
    const tar = Buffer.concat([tarEntry("/base", "5"), tarEntry("/base/file", "0", Buffer.from("data")), Buffer.alloc(1024)]);
    for (const [name, archive] of [
      ["plain", tar],
      ["gzipped", zlib.gzipSync(tar)],
    ] as const) {
      unpackTemplate(archive, path.join(work, name));
      expect(fs.readFileSync(path.join(work, name, "base", "file"), "utf8")).toBe("data");
    }
  });

  it("refuses an entry outside the folder or of a kind a data dir never holds, naming it", () => {
    const escaping = Buffer.concat([tarEntry("../../escaped", "0", Buffer.from("x")), Buffer.alloc(1024)]);
    // A leading "../" is resolved against the folder's root, so it lands inside, never above it.
    unpackTemplate(escaping, path.join(work, "escape"));
    expect(fs.existsSync(path.join(work, "escape", "escaped"))).toBe(true);
    expect(fs.existsSync(path.join(work, "..", "escaped"))).toBe(false);

    const link = Buffer.concat([tarEntry("/pg_link", "2"), Buffer.alloc(1024)]);
    expect(() => unpackTemplate(link, path.join(work, "link"))).toThrow(
      'The PGlite template has an entry of tar type "2" (/pg_link); rebuild it with npm run build',
    );
  });
});
