import { integer, timestamp } from "drizzle-orm/pg-core";

/** Integer identity primary key: the specification shows integer ids ("an integer id"). */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const instant = (name?: string) =>
  name ? timestamp(name, { withTimezone: true, mode: "date" }) : timestamp({ withTimezone: true, mode: "date" });
export const timestamps = {
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
};
