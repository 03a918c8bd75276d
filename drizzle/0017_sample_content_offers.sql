CREATE TABLE "sample_content_offers" (
	"name" text PRIMARY KEY NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- An install that already has a catalogue or a portfolio was offered its samples by an earlier version.
INSERT INTO "sample_content_offers" ("name") SELECT 'catalogue' WHERE EXISTS (SELECT 1 FROM "categories") OR EXISTS (SELECT 1 FROM "inventory_items");
--> statement-breakpoint
INSERT INTO "sample_content_offers" ("name") SELECT 'portfolio' WHERE EXISTS (SELECT 1 FROM "portfolio_projects");
