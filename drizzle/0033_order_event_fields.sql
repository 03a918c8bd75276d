ALTER TABLE "order_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "detail" text;--> statement-breakpoint
UPDATE "order_events" SET "reason" = COALESCE(NULLIF(split_part("note", '|', 1), ''), 'unknown'), "detail" = CASE WHEN strpos("note", '|') > 0 THEN NULLIF(substr("note", strpos("note", '|') + 1), '') END;--> statement-breakpoint
ALTER TABLE "order_events" ALTER COLUMN "reason" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" DROP COLUMN "note";
