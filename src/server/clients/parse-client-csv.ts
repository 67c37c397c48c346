import { parse } from "csv-parse/sync";
import {
  IMPORT_COLUMNS,
  IMPORT_NO_NAME_COLUMN,
  IMPORT_NO_ROWS,
  IMPORT_TOO_MANY_ROWS,
  type ImportColumn,
  MAX_IMPORT_ROWS,
} from "../../core/contracts/client-import.js";
import { AppError } from "../../core/errors.js";

/** One data line of the file: its line number and the cells of the columns read ("" when empty). */
export type CsvClientRow = { line: number } & Record<ImportColumn, string>;

const normalise = (header: string) => header.replace(/^\uFEFF/, "").trim().toLowerCase().replace(/[\s_]+/g, " ");

/** A header cell → the column it names, or null (left out). */
function columnOf(header: string): ImportColumn | null {
  const name = normalise(header);
  for (const [column, spellings] of Object.entries(IMPORT_COLUMNS) as [ImportColumn, readonly string[]][])
    if (spellings.includes(name)) return column;
  return null;
}

/**
 * A client list as a spreadsheet exports it (RFC 4180 CSV through csv-parse: quoted cells, commas and
 * line breaks inside quotes, a byte-order mark, ; as the separator where Excel uses it) → rows of the
 * five columns read. The first line names the columns; a file-level problem (no name column, no rows,
 * too many, not CSV) is a 400 naming it.
 */
export function parseClientCsv(csv: string): { rows: CsvClientRow[]; ignoredColumns: string[] } {
  const firstLine = csv.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as typeof records;
  } catch (error) {
    throw new AppError("bad_request", `This is not a CSV file Minutely can read: ${(error as Error).message}`);
  }
  const header = records[0]?.record;
  const data = records.slice(1);
  const columns = (header ?? []).map(columnOf);
  if (!columns.includes("name")) throw new AppError("bad_request", IMPORT_NO_NAME_COLUMN);
  if (data.length === 0) throw new AppError("bad_request", IMPORT_NO_ROWS);
  if (data.length > MAX_IMPORT_ROWS) throw new AppError("bad_request", IMPORT_TOO_MANY_ROWS);
  const ignoredColumns = (header ?? []).filter((_, i) => columns[i] === null && (header?.[i] ?? "").trim() !== "");
  const rows = data.map(({ record: cells, info }) => {
    // info.lines: the line the record ended on (a quoted cell may span lines), as a spreadsheet numbers it.
    const row: CsvClientRow = { line: info.lines, name: "", email: "", phone: "", company: "", rate: "" };
    columns.forEach((column, i) => {
      if (column && !row[column]) row[column] = cells[i] ?? "";
    });
    return row;
  });
  return { rows, ignoredColumns };
}
