CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"unique_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_unique_key_unique" UNIQUE("unique_key"),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "quote_files" (
	"id" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"format" text NOT NULL,
	"original_name" text NOT NULL,
	"size_mm" jsonb NOT NULL,
	"volume_mm3" integer NOT NULL,
	"area_mm2" integer NOT NULL,
	"triangles" integer NOT NULL,
	"manifold" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_price_terms" (
	"version" serial PRIMARY KEY NOT NULL,
	"terms" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"browser_hash" text,
	"user_id" text,
	"file_id" text NOT NULL,
	"scale" jsonb DEFAULT '1'::jsonb NOT NULL,
	"material_id" text NOT NULL,
	"colour_id" text NOT NULL,
	"quality_id" text NOT NULL,
	"infill_percent" integer NOT NULL,
	"quantity" integer NOT NULL,
	"terms_version" integer NOT NULL,
	"status" text DEFAULT 'estimating' NOT NULL,
	"estimate_cents" integer,
	"grams" jsonb,
	"print_seconds" integer,
	"unit_cents" integer,
	"total_cents" integer,
	"discount_percent" integer,
	"failure_code" text,
	"slice_key" text,
	"review_note" text,
	"review_email" text,
	"decline_reason" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"expires_at" timestamp with time zone,
	"order_id" text,
	"production_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_quantity_check" CHECK ("quotes"."quantity" > 0),
	CONSTRAINT "quotes_owner_check" CHECK ("quotes"."browser_hash" is not null or "quotes"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "slice_results" (
	"key" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"grams" jsonb,
	"print_seconds" integer,
	"failure_code" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_price_terms" ADD CONSTRAINT "quote_price_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_file_id_quote_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."quote_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_terms_version_quote_price_terms_version_fk" FOREIGN KEY ("terms_version") REFERENCES "public"."quote_price_terms"("version") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slice_results" ADD CONSTRAINT "slice_results_file_id_quote_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."quote_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "quote_files_created_idx" ON "quote_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quotes_browser_idx" ON "quotes" USING btree ("browser_hash");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "quotes_file_idx" ON "quotes" USING btree ("file_id");