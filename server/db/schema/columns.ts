import { customType, timestamp } from "drizzle-orm/pg-core";

/** created_at and updated_at, set by the database. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Postgres full-text document; only written by the database (generated columns). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
