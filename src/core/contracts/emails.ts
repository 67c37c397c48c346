/**
 * Email time tracking, split by topic: the mailbox connection, searching
 * and pricing, tracked emails. Importers may keep using this module.
 */
export * from "./email-search.js";
export * from "./mailbox.js";
export * from "./tracked-emails.js";
