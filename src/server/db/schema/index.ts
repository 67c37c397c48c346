export * from "./accounts.js";
export * from "./calls.js";
export * from "./clients.js";
export * from "./emails.js";
export * from "./integrations.js";
export * from "./invoices.js";
export * from "./notifications.js";
export * from "./waitlist.js";
