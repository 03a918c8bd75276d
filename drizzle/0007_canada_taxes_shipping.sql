CREATE TABLE "addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"full_name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text NOT NULL,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_delivery" (
	"order_id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"address" jsonb,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"fulfilment_status" text,
	"carrier" text,
	"tracking_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_delivery_method_check" CHECK ("order_delivery"."method" in ('ship', 'pickup')),
	CONSTRAINT "order_delivery_address_check" CHECK ("order_delivery"."method" = 'pickup' or "order_delivery"."address" is not null),
	CONSTRAINT "order_delivery_money_check" CHECK ("order_delivery"."subtotal_cents" >= 0 and "order_delivery"."shipping_cents" >= 0),
	CONSTRAINT "order_delivery_fulfilment_check" CHECK ("order_delivery"."fulfilment_status" is null or "order_delivery"."fulfilment_status" in ('packed', 'shipped', 'ready_for_pickup', 'picked_up', 'delivered')),
	CONSTRAINT "order_delivery_carrier_check" CHECK ("order_delivery"."carrier" is null or "order_delivery"."carrier" in ('canada_post', 'purolator', 'ups', 'fedex'))
);
--> statement-breakpoint
CREATE TABLE "order_tax_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"code" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"rate_ppm" integer NOT NULL,
	"taxable_base_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "order_tax_lines_amount_check" CHECK ("order_tax_lines"."amount_cents" >= 0 and "order_tax_lines"."taxable_base_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settings_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" text,
	"area" text NOT NULL,
	"change" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_weight_bands" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" text NOT NULL,
	"max_grams" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "shipping_weight_bands_grams_check" CHECK ("shipping_weight_bands"."max_grams" > 0),
	CONSTRAINT "shipping_weight_bands_price_check" CHECK ("shipping_weight_bands"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"provinces" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"province" text NOT NULL,
	"legal_name" text NOT NULL,
	"pickup_address" text NOT NULL,
	"pickup_hours" jsonb NOT NULL,
	"free_shipping_threshold_cents" integer,
	"gst_hst_number" text,
	"qst_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_settings_single_row" CHECK ("studio_settings"."id" = 1),
	CONSTRAINT "studio_settings_threshold_check" CHECK ("studio_settings"."free_shipping_threshold_cents" is null or "studio_settings"."free_shipping_threshold_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"jurisdiction" text NOT NULL,
	"code" text NOT NULL,
	"rate_ppm" integer NOT NULL,
	"effective_from" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_code_check" CHECK ("tax_rates"."code" in ('GST', 'HST', 'QST', 'PST')),
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_ppm" >= 0 and "tax_rates"."rate_ppm" <= 1000000),
	CONSTRAINT "tax_rates_date_check" CHECK ("tax_rates"."effective_from" ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
CREATE TABLE "tax_registrations" (
	"jurisdiction" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_delivery" ADD CONSTRAINT "order_delivery_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_changes" ADD CONSTRAINT "settings_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_weight_bands" ADD CONSTRAINT "shipping_weight_bands_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_idx" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "order_tax_lines_order_idx" ON "order_tax_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "settings_changes_created_idx" ON "settings_changes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_weight_bands_zone_grams_idx" ON "shipping_weight_bands" USING btree ("zone_id","max_grams");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_jurisdiction_code_from_idx" ON "tax_rates" USING btree ("jurisdiction","code","effective_from");--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_weight_check" CHECK ("inventory_items"."weight_grams" >= 0);--> statement-breakpoint
-- Today's rates (decision 029; sources: Canada Revenue Agency GST/HST rates, Revenu Québec, the provinces).
-- rate_ppm is in millionths: 5 % = 50000, QST 9.975 % = 99750.
INSERT INTO "tax_rates" ("jurisdiction", "code", "rate_ppm", "effective_from") VALUES
	('CA', 'GST', 50000, '2008-01-01'),
	('ON', 'HST', 130000, '2010-07-01'),
	('NB', 'HST', 150000, '2016-07-01'),
	('NL', 'HST', 150000, '2016-07-01'),
	('PE', 'HST', 150000, '2016-10-01'),
	('NS', 'HST', 150000, '2010-07-01'),
	('NS', 'HST', 140000, '2025-04-01'),
	('QC', 'QST', 99750, '2013-01-01'),
	('BC', 'PST', 70000, '2013-04-01'),
	('SK', 'PST', 60000, '2017-03-23'),
	('MB', 'PST', 70000, '2019-07-01')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "tax_registrations" ("jurisdiction", "code", "registered") VALUES
	('QC', 'QST', true),
	('BC', 'PST', false),
	('SK', 'PST', false),
	('MB', 'PST', false)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "shipping_zones" ("id", "name", "provinces", "position") VALUES
	('quebec', '{"en":"Quebec","fr":"Québec"}', '["QC"]', 1),
	('ontario', '{"en":"Ontario","fr":"Ontario"}', '["ON"]', 2),
	('atlantic', '{"en":"Atlantic provinces","fr":"Provinces de l''Atlantique"}', '["NB","NS","PE","NL"]', 3),
	('west', '{"en":"Western provinces","fr":"Provinces de l''Ouest"}', '["MB","SK","AB","BC"]', 4),
	('territories', '{"en":"Territories","fr":"Territoires"}', '["YT","NT","NU"]', 5)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "shipping_weight_bands" ("zone_id", "max_grams", "price_cents") VALUES
	('quebec', 500, 1195), ('quebec', 1000, 1495), ('quebec', 2000, 1895), ('quebec', 5000, 2495), ('quebec', 10000, 3495),
	('ontario', 500, 1395), ('ontario', 1000, 1695), ('ontario', 2000, 2195), ('ontario', 5000, 2895), ('ontario', 10000, 3995),
	('atlantic', 500, 1595), ('atlantic', 1000, 1995), ('atlantic', 2000, 2595), ('atlantic', 5000, 3495), ('atlantic', 10000, 4795),
	('west', 500, 1795), ('west', 1000, 2295), ('west', 2000, 2995), ('west', 5000, 3995), ('west', 10000, 5495),
	('territories', 500, 2995), ('territories', 1000, 3995), ('territories', 2000, 5495), ('territories', 5000, 7495), ('territories', 10000, 9995)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "studio_settings" ("id", "province", "legal_name", "pickup_address", "pickup_hours", "free_shipping_threshold_cents", "gst_hst_number", "qst_number") VALUES
	(1, 'QC', 'Forge & Filament Inc.', E'1234 rue Saint-Denis\nMontréal QC  H2X 3K8', '{"en":"Tuesday to Saturday, 10 a.m. to 6 p.m.","fr":"Du mardi au samedi, de 10 h à 18 h"}', 15000, '123456789 RT0001', '1234567890 TQ0001')
ON CONFLICT DO NOTHING;
