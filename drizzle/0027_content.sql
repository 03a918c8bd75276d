CREATE TABLE "page_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"title" jsonb NOT NULL,
	"subtitle" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"price_cents" integer,
	"picture" text,
	"published" boolean DEFAULT false NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_sections_page_check" CHECK ("page_sections"."page" in ('about', 'services')),
	CONSTRAINT "page_sections_kind_check" CHECK (("page_sections"."page" = 'about' and "page_sections"."kind" in ('story', 'member')) or ("page_sections"."page" = 'services' and "page_sections"."kind" = 'offer')),
	CONSTRAINT "page_sections_price_check" CHECK ("page_sections"."price_cents" is null or "page_sections"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX "page_sections_page_position_idx" ON "page_sections" USING btree ("page","position");