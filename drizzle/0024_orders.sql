ALTER TABLE "refunds" ADD COLUMN "succeeded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "in_flight_until" timestamp with time zone;
--> statement-breakpoint
-- hand-written:
UPDATE "refunds" SET "succeeded_at" = "created_at" WHERE "status" = 'succeeded';
