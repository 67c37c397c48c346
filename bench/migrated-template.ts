import fs from "node:fs";
import zlib from "node:zlib";
import makeTemplate, { TEMPLATE_PATH } from "../tests/helpers/global-setup.js";

/**
 * The tests' migrated PGlite template (made once if missing), for a bench's in-memory database: loading it
 * skips initdb and the migrations, about 4 s and 800 MB a run, which were most of a fast-mode run
 * (tests/system/benches-start.test.ts). It is set-up only; no figure includes it.
 */
export async function migratedTemplate(): Promise<Blob> {
  await makeTemplate();
  return new Blob([zlib.gunzipSync(fs.readFileSync(TEMPLATE_PATH))]);
}
