ALTER TABLE "quote_files" ALTER COLUMN "volume_mm3" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "quote_files" ALTER COLUMN "area_mm2" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "cancels_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_error" text;