/**
 * The UTBMS (Uniform Task-Based Management System) code sets that legal e-billing portals accept,
 * as data: the ABA/ACCA Litigation, Counseling, Project and Bankruptcy task codes, the activity
 * codes A101–A111 and the expense codes E101–E124 (docs/ledes.md lists the sources). A phase code
 * (L100, P200 …) is listed with `isPhase`: portals accept only the task codes below a phase where
 * a set has them, so pickers offer phases as group labels, not as choices.
 */
export type UtbmsCode = { code: string; name: string; set: UtbmsSetId; isPhase?: boolean };
export type UtbmsSetId = "litigation" | "counseling" | "project" | "bankruptcy" | "activity" | "expense";

export const UTBMS_SET_NAMES: Record<UtbmsSetId, string> = {
  litigation: "Litigation",
  counseling: "Counseling",
  project: "Project",
  bankruptcy: "Bankruptcy",
  activity: "Activity",
  expense: "Expense",
};

const set = (id: UtbmsSetId, rows: ReadonlyArray<readonly [string, string, true?]>): UtbmsCode[] =>
  rows.map(([code, name, isPhase]) => (isPhase ? { code, name, set: id, isPhase } : { code, name, set: id }));

export const LITIGATION_CODES = set("litigation", [
  ["L100", "Case Assessment, Development and Administration", true],
  ["L110", "Fact Investigation/Development"],
  ["L120", "Analysis/Strategy"],
  ["L130", "Experts/Consultants"],
  ["L140", "Document/File Management"],
  ["L150", "Budgeting"],
  ["L160", "Settlement/Non-Binding ADR"],
  ["L190", "Other Case Assessment, Development and Administration"],
  ["L200", "Pre-Trial Pleadings and Motions", true],
  ["L210", "Pleadings"],
  ["L220", "Preliminary Injunctions/Provisional Remedies"],
  ["L230", "Court Mandated Conferences"],
  ["L240", "Dispositive Motions"],
  ["L250", "Other Written Motions and Submissions"],
  ["L260", "Class Action Certification and Notice"],
  ["L300", "Discovery", true],
  ["L310", "Written Discovery"],
  ["L320", "Document Production"],
  ["L330", "Depositions"],
  ["L340", "Expert Discovery"],
  ["L350", "Discovery Motions"],
  ["L390", "Other Discovery"],
  ["L400", "Trial Preparation and Trial", true],
  ["L410", "Fact Witnesses"],
  ["L420", "Expert Witnesses"],
  ["L430", "Written Motions and Submissions"],
  ["L440", "Other Trial Preparation and Support"],
  ["L450", "Trial and Hearing Attendance"],
  ["L460", "Post-Trial Motions and Submissions"],
  ["L470", "Enforcement"],
  ["L500", "Appeal", true],
  ["L510", "Appellate Motions and Submissions"],
  ["L520", "Appellate Briefs"],
  ["L530", "Oral Argument"],
]);

// The Counseling set has no sub-tasks: its four codes are billed directly.
export const COUNSELING_CODES = set("counseling", [
  ["C100", "Fact Gathering"],
  ["C200", "Researching Law"],
  ["C300", "Analysis and Advice"],
  ["C400", "Third Party Communication"],
]);

export const PROJECT_CODES = set("project", [
  ["P100", "Project Administration"],
  ["P200", "Fact Gathering/Due Diligence", true],
  ["P210", "Corporate Review"],
  ["P220", "Tax"],
  ["P230", "Environmental"],
  ["P240", "Real and Personal Property"],
  ["P250", "Employee/Labor"],
  ["P260", "Intellectual Property"],
  ["P270", "Regulatory Reviews"],
  ["P280", "Other"],
  ["P300", "Structure/Strategy/Analysis"],
  ["P400", "Initial Document Preparation/Filing"],
  ["P500", "Negotiation/Revision/Responses"],
  ["P600", "Completion/Closing"],
  ["P700", "Post-Completion/Post-Closing"],
  ["P800", "Maintenance and Renewal"],
]);

export const BANKRUPTCY_CODES = set("bankruptcy", [
  ["B100", "Administration", true],
  ["B110", "Case Administration"],
  ["B120", "Asset Analysis and Recovery"],
  ["B130", "Asset Disposition"],
  ["B140", "Relief from Stay/Adequate Protection Proceedings"],
  ["B150", "Meetings of and Communications with Creditors"],
  ["B160", "Fee/Employment Applications"],
  ["B170", "Fee/Employment Objections"],
  ["B180", "Avoidance Action Analysis"],
  ["B185", "Assumption/Rejection of Leases and Contracts"],
  ["B190", "Other Contested Matters"],
  ["B195", "Non-Working Travel"],
  ["B200", "Operations", true],
  ["B210", "Business Operations"],
  ["B220", "Employee Benefits/Pensions"],
  ["B230", "Financing/Cash Collections"],
  ["B240", "Tax Issues"],
  ["B250", "Real Estate"],
  ["B260", "Board of Directors Matters"],
  ["B300", "Claims and Plan", true],
  ["B310", "Claims Administration and Objections"],
  ["B320", "Plan and Disclosure Statement"],
  ["B400", "Bankruptcy-Related Advice", true],
  ["B410", "General Bankruptcy Advice/Opinions"],
  ["B420", "Restructurings"],
]);

export const ACTIVITY_CODES = set("activity", [
  ["A101", "Plan and prepare for"],
  ["A102", "Research"],
  ["A103", "Draft/revise"],
  ["A104", "Review/analyze"],
  ["A105", "Communicate (in firm)"],
  ["A106", "Communicate (with client)"],
  ["A107", "Communicate (other outside counsel)"],
  ["A108", "Communicate (other external)"],
  ["A109", "Appear for/attend"],
  ["A110", "Manage data/files"],
  ["A111", "Other"],
]);

export const EXPENSE_CODES = set("expense", [
  ["E101", "Copying"],
  ["E102", "Outside printing"],
  ["E103", "Word processing"],
  ["E104", "Facsimile"],
  ["E105", "Telephone"],
  ["E106", "Online research"],
  ["E107", "Delivery services/messengers"],
  ["E108", "Postage"],
  ["E109", "Local travel"],
  ["E110", "Out-of-town travel"],
  ["E111", "Meals"],
  ["E112", "Court fees"],
  ["E113", "Subpoena fees"],
  ["E114", "Witness fees"],
  ["E115", "Deposition transcripts"],
  ["E116", "Trial transcripts"],
  ["E117", "Trial exhibits"],
  ["E118", "Litigation support vendors"],
  ["E119", "Experts"],
  ["E120", "Private investigators"],
  ["E121", "Arbitrators/mediators"],
  ["E122", "Local counsel"],
  ["E123", "Other professionals"],
  ["E124", "Other"],
]);

/** Every task code set, in the order a picker shows them. */
export const TASK_CODE_SETS = [LITIGATION_CODES, COUNSELING_CODES, PROJECT_CODES, BANKRUPTCY_CODES] as const;

const byCode = (codes: UtbmsCode[]) => new Map(codes.map((entry) => [entry.code, entry]));
const TASKS = byCode(TASK_CODE_SETS.flat());
const ACTIVITIES = byCode(ACTIVITY_CODES);
const EXPENSES = byCode(EXPENSE_CODES);

/** A task code a portal accepts on a fee line: a known UTBMS task code that is not a phase heading. */
export function isBillableTaskCode(code: string): boolean {
  const entry = TASKS.get(code);
  return entry !== undefined && entry.isPhase !== true;
}

/** A known task code, phase heading or not (the validator says which of the two is wrong). */
export const findTaskCode = (code: string): UtbmsCode | undefined => TASKS.get(code);
export const isActivityCode = (code: string): boolean => ACTIVITIES.has(code);
export const isExpenseCode = (code: string): boolean => EXPENSES.has(code);

/** "A106 Communicate (with client)", or the bare code when it is not in the sets. */
export function utbmsLabel(code: string): string {
  const entry = TASKS.get(code) ?? ACTIVITIES.get(code) ?? EXPENSES.get(code);
  return entry ? `${entry.code} ${entry.name}` : code;
}
