import { integer, timestamp } from "drizzle-orm/pg-core";

/** Integer identity primary key: the API's ids are integers (core/contracts). */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const instant = (name?: string) =>
  name ? timestamp(name, { withTimezone: true, mode: "date" }) : timestamp({ withTimezone: true, mode: "date" });
export const timestamps = {
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
};
