ALTER TABLE "quote_files" ALTER COLUMN "volume_mm3" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "quote_files" ALTER COLUMN "area_mm2" SET DATA TYPE bigint;