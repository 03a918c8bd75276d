ALTER TABLE "studio_settings" ADD COLUMN "printers" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_settings" ADD COLUMN "printer_hours_per_day" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_settings" ADD COLUMN "handling_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_settings" ADD CONSTRAINT "studio_settings_capacity_check" CHECK ("studio_settings"."printers" > 0 and "studio_settings"."printer_hours_per_day" between 1 and 24 and "studio_settings"."handling_days" >= 0);