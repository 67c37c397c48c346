import { z } from "zod";
import { ACTIVITY_CODE_INVALID, TASK_CODE_INVALID, TIMEKEEPER_CLASSIFICATIONS } from "../ledes/legal-codes.js";
import { LEDES_FORMATS } from "../ledes/model.js";
import { isActivityCode, isBillableTaskCode } from "../ledes/utbms.js";
import { rowId, text } from "./common.js";
import { id, instant } from "./response-fields.js";

/**
 * A LEDES identifier (LAW_FIRM_ID, CLIENT_ID, matter and timekeeper ids): what portals accept,
 * at most 20 plain ASCII characters without the file's separators. "" and null clear it.
 */
const ledesId = (label: string, max = 20) =>
  text({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters (portals refuse longer ones)`)
    .regex(/^[\x20-\x7e]*$/, `${label} may use only plain letters, digits and punctuation (no accents)`)
    .refine((value) => !/[|[\]]/.test(value), `${label} cannot contain | [ or ]`)
    .nullable()
    .transform((value) => (value ? value : null));

const requiredLedesId = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(20, `${label} must be at most 20 characters (portals refuse longer ones)`)
    .regex(/^[\x20-\x7e]*$/, `${label} may use only plain letters, digits and punctuation (no accents)`)
    .refine((value) => !/[|[\]]/.test(value), `${label} cannot contain | [ or ]`);

/** A task code: a billable UTBMS task code, or null/"" for none. */
export const taskCodeField = z
  .union([text(), z.null()], { error: TASK_CODE_INVALID })
  .transform((value) => (value ? value.trim().toUpperCase() : null))
  .refine((value) => value === null || isBillableTaskCode(value), TASK_CODE_INVALID);

/** An activity code A101–A111, or null/"" for none. */
export const activityCodeField = z
  .union([text(), z.null()], { error: ACTIVITY_CODE_INVALID })
  .transform((value) => (value ? value.trim().toUpperCase() : null))
  .refine((value) => value === null || isActivityCode(value), ACTIVITY_CODE_INVALID);

const classificationField = z.enum(TIMEKEEPER_CLASSIFICATIONS, {
  error: `Timekeeper classification must be one of ${TIMEKEEPER_CLASSIFICATIONS.join(", ")}`,
});

/** Settings → Billing → Legal e-billing: the switch, the firm's id and the signed-in user as timekeeper. */
export const legalBillingSettingsForm = z.object({
  enabled: z.boolean({ error: "Choose whether legal e-billing is on" }),
  lawFirmId: ledesId("Law firm ID"),
  timekeeperId: ledesId("Timekeeper ID"),
  timekeeperName: ledesId("Timekeeper name", 30),
  timekeeperClassification: classificationField.nullable(),
});
export type LegalBillingSettingsForm = z.input<typeof legalBillingSettingsForm>;

export const legalBillingSettingsJson = z.object({
  enabled: z.boolean(),
  lawFirmId: text().nullable(),
  timekeeperId: text().nullable(),
  timekeeperName: text().nullable(),
  /** The user's own name, used as TIMEKEEPER_NAME when no timekeeper name is set. */
  defaultTimekeeperName: text(),
  timekeeperClassification: z.enum(TIMEKEEPER_CLASSIFICATIONS).nullable(),
});
export type LegalBillingSettingsJson = z.infer<typeof legalBillingSettingsJson>;

export const matterForm = z.object({
  lawFirmMatterId: requiredLedesId("Your matter number"),
  clientMatterId: requiredLedesId("Client's matter number"),
  description: text({ error: "Description must be text" })
    .trim()
    .max(255, "Description must be at most 255 characters")
    .default(""),
});
export type MatterForm = z.input<typeof matterForm>;

export const matterJson = z.object({
  id,
  clientId: id,
  lawFirmMatterId: text(),
  clientMatterId: text(),
  description: text(),
});
export type MatterJson = z.infer<typeof matterJson>;

/** A client's legal e-billing settings: CLIENT_ID and the defaults of its lines. */
export const clientLegalForm = z.object({
  ledesClientId: ledesId("Client's e-billing ID"),
  defaultMatterId: rowId("Default matter").nullable(),
  defaultTaskCode: taskCodeField,
  defaultActivityCode: activityCodeField,
});
export type ClientLegalForm = z.input<typeof clientLegalForm>;

export const clientLegalJson = z.object({
  clientId: id,
  ledesClientId: text().nullable(),
  defaultMatterId: id.nullable(),
  defaultTaskCode: text().nullable(),
  defaultActivityCode: text().nullable(),
  matters: z.array(matterJson),
});
export type ClientLegalJson = z.infer<typeof clientLegalJson>;

/** The matter and codes of one call, email or invoice line; null clears a choice. */
export const lineCodesForm = z.object({
  matterId: rowId("Matter").nullable(),
  taskCode: taskCodeField,
  activityCode: activityCodeField,
});
export type LineCodesForm = z.input<typeof lineCodesForm>;

const codes = z.object({ matterId: id.nullable(), taskCode: text().nullable(), activityCode: text().nullable() });

/** What was chosen for the line itself, and what it will be billed with after the defaults. */
export const lineCodesJson = z.object({ chosen: codes, billedWith: codes });
export type LineCodesJson = z.infer<typeof lineCodesJson>;

export const ledesFormatQuery = z.object({
  format: z.enum(LEDES_FORMATS, { error: "Format must be ledes1998b or ledesxml21" }),
});

export const ledesIssueJson = z.object({
  severity: z.enum(["error", "warning"]),
  rule: text(),
  location: text(),
  lineItemNumber: text().nullable(),
  /** The invoice line concerned (its item id), when the issue is about one line. */
  itemId: id.nullable(),
  field: text().nullable(),
  fieldLabel: text().nullable(),
  message: text(),
});
export type LedesIssueJson = z.infer<typeof ledesIssueJson>;

/** The check before download: every problem a portal would refuse, and each line with its codes (to fix them). */
export const ledesCheckJson = z.object({
  invoiceId: id,
  invoiceNumber: text(),
  format: z.enum(LEDES_FORMATS),
  fileName: text(),
  /** Lines can be recoded only while the invoice is a draft (a sent invoice is never edited). */
  editable: z.boolean(),
  checkedAt: instant.nullable(),
  issues: z.array(ledesIssueJson),
  lines: z.array(
    z.object({
      itemId: id,
      position: z.number().int(),
      workDate: text(),
      description: text(),
      matterId: id.nullable(),
      taskCode: text().nullable(),
      activityCode: text().nullable(),
    }),
  ),
  matters: z.array(matterJson),
});
export type LedesCheckJson = z.infer<typeof ledesCheckJson>;

export const ledesMarkCheckedJson = z.object({ invoiceId: id, checkedAt: instant, message: text() });
export type LedesMarkCheckedJson = z.infer<typeof ledesMarkCheckedJson>;

export const ledesChecksJson = z.array(z.object({ invoiceId: id, format: z.enum(LEDES_FORMATS), checkedAt: instant }));
export type LedesChecksJson = z.infer<typeof ledesChecksJson>;
