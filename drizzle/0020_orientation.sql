ALTER TABLE "quote_files" ADD COLUMN "orientations" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "orientation" text DEFAULT 'best' NOT NULL;