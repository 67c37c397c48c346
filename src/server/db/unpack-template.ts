import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BLOCK = 512;

/**
 * Writes a PGlite template (the tar, usually gzipped, of a data dir that `dumpDataDir("gzip")` makes, see
 * make-template.ts) into an empty folder, so the first start opens an existing data dir. PGlite's
 * own `loadDataDir` unpacks through the database's WebAssembly memory, which never shrinks: the
 * first start of a fresh install then held about 110 MB more for its whole life than any later
 * start (docs/performance.md). The archive holds directories and regular files only,
 * with names shorter than the tar header's 100 bytes; anything else is refused, not guessed at.
 */
export function unpackTemplate(archive: Uint8Array, dir: string): void {
  // Gzipped as the build writes it, or a plain tar (tests unpack it once per worker).
  const tar = archive[0] === 0x1f && archive[1] === 0x8b ? zlib.gunzipSync(archive) : Buffer.from(archive);
  const root = path.resolve(dir);
  for (let offset = 0; offset + BLOCK <= tar.length; ) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const target = path.resolve(root, `.${path.posix.normalize(`/${name}`)}`);
    if (name.length >= 100 || !target.startsWith(root) || Number.isNaN(size))
      throw new Error(`The PGlite template has an entry this server cannot unpack: ${name}`);
    offset += BLOCK;
    if (type === "5") fs.mkdirSync(target, { recursive: true });
    else if (type === "0" || type === "\0") {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, tar.subarray(offset, offset + size));
    } else throw new Error(`The PGlite template has an entry of tar type "${type}" (${name}); rebuild it with npm run build`);
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
}

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString("utf8");
}
