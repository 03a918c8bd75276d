CREATE TABLE "customer_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_events_kind_check" CHECK ("customer_events"."kind" in ('email_verified_by_hand'))
);
--> statement-breakpoint
CREATE TABLE "studio_notice_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"low_stock_threshold" integer DEFAULT 3 NOT NULL,
	"kinds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_notice_settings_single_row" CHECK ("studio_notice_settings"."id" = 1),
	CONSTRAINT "studio_notice_settings_locale_check" CHECK ("studio_notice_settings"."locale" in ('en', 'fr')),
	CONSTRAINT "studio_notice_settings_threshold_check" CHECK ("studio_notice_settings"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "resent_from" text;--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_events_user_idx" ON "customer_events" USING btree ("user_id","created_at");