CREATE TABLE "portfolio_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"translations" jsonb NOT NULL,
	"image" jsonb NOT NULL,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_projects_slug_unique" UNIQUE("slug"),
	CONSTRAINT "portfolio_projects_category_check" CHECK ("portfolio_projects"."category" in ('decoration', 'cosplay', 'filmProps', 'functional'))
);
--> statement-breakpoint
CREATE INDEX "portfolio_projects_position_idx" ON "portfolio_projects" USING btree ("position");