CREATE TABLE "promotion_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" text NOT NULL,
	"order_id" text NOT NULL,
	"buyer_key" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_uses_status_check" CHECK ("promotion_uses"."status" in ('held', 'kept', 'released')),
	CONSTRAINT "promotion_uses_discount_check" CHECK ("promotion_uses"."discount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer,
	"category_ids" jsonb,
	"item_ids" jsonb,
	"includes_custom_prints" boolean DEFAULT true NOT NULL,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"max_uses" integer,
	"max_uses_per_buyer" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"combines_with_code" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('percent', 'fixed', 'free_shipping')),
	CONSTRAINT "promotions_status_check" CHECK ("promotions"."status" in ('active', 'paused', 'ended')),
	CONSTRAINT "promotions_money_check" CHECK ("promotions"."percent_bp" between 0 and 10000 and coalesce("promotions"."amount_cents", 0) >= 0 and "promotions"."min_subtotal_cents" >= 0),
	CONSTRAINT "promotions_limits_check" CHECK (coalesce("promotions"."max_uses", 1) > 0 and coalesce("promotions"."max_uses_per_buyer", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "order_delivery" ADD COLUMN "shipping_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_uses_order_idx" ON "promotion_uses" USING btree ("promotion_id","order_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_buyer_idx" ON "promotion_uses" USING btree ("promotion_id","buyer_key");--> statement-breakpoint
CREATE INDEX "promotion_uses_order_id_idx" ON "promotion_uses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_idx" ON "promotions" USING btree ("code") WHERE "promotions"."code" is not null;