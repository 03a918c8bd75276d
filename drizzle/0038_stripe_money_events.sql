CREATE TABLE "payment_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"due_by" timestamp with time zone,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payment_disputes_amount_check" CHECK ("payment_disputes"."amount_cents" >= 0),
	CONSTRAINT "payment_disputes_state_check" CHECK ("payment_disputes"."state" in ('open', 'won', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio_events" DROP CONSTRAINT "studio_events_kind_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "origin" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_order_idx" ON "payment_disputes" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "studio_events" ADD CONSTRAINT "studio_events_kind_check" CHECK ("studio_events"."kind" in ('paid_order', 'quote_request', 'quote_review', 'refund_failed', 'low_stock', 'processor_money'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_origin_check" CHECK ("refunds"."origin" in ('site', 'processor', 'dispute'));