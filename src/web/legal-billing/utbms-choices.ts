import { TIMEKEEPER_CLASSIFICATION_NAMES, TIMEKEEPER_CLASSIFICATIONS } from "@core/ledes/legal-codes";
import { ACTIVITY_CODES, TASK_CODE_SETS, UTBMS_SET_NAMES } from "@core/ledes/utbms";
import type { Choice } from "@web/components/choice-select";

/** Radix selects cannot hold "": this value stands for "no code chosen". */
export const NONE = "none";

/** Every billable task code, each labelled with its set ("L120 Analysis/Strategy · Litigation"). */
export const TASK_CHOICES: Choice[] = [
  { value: NONE, label: "No task code" },
  ...TASK_CODE_SETS.flat()
    .filter((code) => !code.isPhase)
    .map((code) => ({ value: code.code, label: `${code.code} ${code.name} · ${UTBMS_SET_NAMES[code.set]}` })),
];

export const ACTIVITY_CHOICES: Choice[] = [
  { value: NONE, label: "Default for the call" },
  ...ACTIVITY_CODES.map((code) => ({ value: code.code, label: `${code.code} ${code.name}` })),
];

export const CLASSIFICATION_CHOICES: Choice[] = [
  { value: NONE, label: "Not set" },
  ...TIMEKEEPER_CLASSIFICATIONS.map((value) => ({ value, label: `${value} · ${TIMEKEEPER_CLASSIFICATION_NAMES[value]}` })),
];

export const fromChoice = (choice: string): string | null => (choice === NONE ? null : choice);
export const toChoice = (value: unknown): string => (typeof value === "string" && value !== "" ? value : NONE);
