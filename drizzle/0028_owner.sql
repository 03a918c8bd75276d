CREATE TABLE "first_steps_done" (
	"step" text PRIMARY KEY NOT NULL,
	"done_by" text,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "length_mm" integer;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "height_mm" integer;--> statement-breakpoint
ALTER TABLE "first_steps_done" ADD CONSTRAINT "first_steps_done_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- hand-written: migration 0007 seeded another studio's legal name, pickup address and registration
-- numbers; a studio that still has them has not given its own, so they are cleared (issue 35).
UPDATE "studio_settings" SET "legal_name" = '' WHERE "legal_name" = 'Forge & Filament Inc.';--> statement-breakpoint
UPDATE "studio_settings" SET "pickup_address" = '' WHERE "pickup_address" = E'1234 rue Saint-Denis\nMontréal QC  H2X 3K8';--> statement-breakpoint
UPDATE "studio_settings" SET "gst_hst_number" = NULL WHERE "gst_hst_number" = '123456789 RT0001';--> statement-breakpoint
UPDATE "studio_settings" SET "qst_number" = NULL WHERE "qst_number" = '1234567890 TQ0001';
