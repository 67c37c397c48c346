import {
  type ClientImportPreviewJson,
  duplicateWarning,
  IMPORT_HAS_ERRORS,
  type ImportRowJson,
  importedMessage,
} from "../../core/contracts/client-import.js";
import { type CreateClientRequest, createClientRequest as clientSchema } from "../../core/contracts/clients.js";
import { AppError } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { clients } from "../db/schema/index.js";
import { clientValues } from "./client-values.js";
import { checkPhone, findContactCandidates, findDuplicates } from "./contact-check.js";
import { parseClientCsv } from "./parse-client-csv.js";

type CheckedRow = { json: ImportRowJson; input: CreateClientRequest | null };

/**
 * Each row read as the client form reads it (the same zod contract: name required, a valid email,
 * a rate such as 150.00), its phone read in the account's country (a number Minutely cannot read
 * would never match a call, so it is an error here), and duplicates of existing clients or of an
 * earlier row warned about.
 */
async function checkRows(db: Db, options: { accountId: number; country: string; csv: string }) {
  const { rows, ignoredColumns } = parseClientCsv(options.csv);
  const existing = await findContactCandidates(db, { accountId: options.accountId, country: options.country, all: true });
  const earlier: { id: number; name: string; email: string | null; phoneE164: string | null }[] = [];
  const checked: CheckedRow[] = rows.map((row) => {
    const errors: string[] = [];
    const parsed = clientSchema.safeParse({
      name: row.name,
      email: row.email || null,
      phone: row.phone || null,
      company: row.company || null,
      billingRate: row.rate.replace(/^[$€£]\s*/, "") || null,
    });
    if (!parsed.success) errors.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
    const phone = checkPhone(row.phone, options.country);
    if (phone.problem) errors.push(`Phone: ${phone.problem}`);
    const contact = { email: row.email.trim().toLowerCase() || null, phoneE164: phone.e164 };
    const duplicates = [
      ...findDuplicates(existing, contact),
      ...findDuplicates(earlier, contact),
    ];
    const warning = duplicateWarning(duplicates);
    // An earlier row is named by its line: it has no id yet.
    earlier.push({ id: row.line, name: `${row.name || "the client"} on line ${row.line}`, ...contact });
    return {
      json: {
        line: row.line,
        name: row.name,
        email: row.email || null,
        phone: row.phone || null,
        company: row.company || null,
        rate: row.rate || null,
        errors,
        warnings: warning ? [warning] : [],
      },
      input: errors.length === 0 && parsed.success ? parsed.data : null,
    };
  });
  return { checked, ignoredColumns };
}

/** POST /api/clients/import/preview: every row with its errors and warnings; nothing is written. */
export async function previewClientImport(
  db: Db,
  options: { accountId: number; country: string; csv: string },
): Promise<ClientImportPreviewJson> {
  const { checked, ignoredColumns } = await checkRows(db, options);
  const invalid = checked.filter((row) => row.json.errors.length > 0).length;
  return { rows: checked.map((row) => row.json), valid: checked.length - invalid, invalid, ignoredColumns };
}

/**
 * POST /api/clients/import: all rows or none. Any row with an error refuses the whole file (400, each
 * row's errors in `issues`); otherwise every client is inserted in one transaction.
 */
export async function importClients(
  db: Db,
  options: { accountId: number; country: string; csv: string; now: Date },
): Promise<{ imported: number; message: string }> {
  const { checked } = await checkRows(db, options);
  const bad = checked.filter((row) => row.input === null);
  if (bad.length > 0)
    throw new AppError(
      "validation_error",
      IMPORT_HAS_ERRORS(bad.length),
      bad.flatMap((row) => row.json.errors.map((message) => ({ path: `line ${row.json.line}`, message }))),
    );
  const { accountId, now } = options;
  await db.transaction(async (tx) => {
    const values = checked.map(({ input }) => ({ ...clientValues(input!), name: input!.name, accountId, createdAt: now, updatedAt: now }));
    for (let i = 0; i < values.length; i += 500) await tx.insert(clients).values(values.slice(i, i + 500));
  });
  return { imported: checked.length, message: importedMessage(checked.length) };
}
