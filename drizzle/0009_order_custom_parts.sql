ALTER TABLE "order_lines" ADD COLUMN "kind" text DEFAULT 'item' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "quote_id" text;