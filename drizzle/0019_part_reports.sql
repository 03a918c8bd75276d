CREATE TABLE "part_reports" (
	"file_id" text NOT NULL,
	"scale" double precision NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_reports_file_id_scale_pk" PRIMARY KEY("file_id","scale")
);
--> statement-breakpoint
ALTER TABLE "part_reports" ADD CONSTRAINT "part_reports_file_id_quote_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."quote_files"("id") ON DELETE cascade ON UPDATE no action;