/**
 * The database's tables, one file per domain under schema/. Drizzle Kit reads that folder; the
 * code imports the tables from here.
 */
export * from "./schema/accounts.ts";
export * from "./schema/catalogue.ts";
export * from "./schema/orders.ts";
export * from "./schema/messages.ts";
export * from "./schema/sandbox-payments.ts";
export * from "./schema/infrastructure.ts";
export * from "./schema/quotes.ts";
export * from "./schema/cart.ts";
export * from "./schema/settings.ts";
export * from "./schema/notices.ts";
export * from "./schema/content.ts";
export * from "./schema/processor-events.ts";
export * from "./schema/promotions.ts";
export * from "./schema/conversations.ts";
