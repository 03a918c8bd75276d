ALTER TABLE "part_reports" ADD COLUMN "turn" text DEFAULT '[1,0,0,0,1,0,0,0,1]' NOT NULL;--> statement-breakpoint
ALTER TABLE "part_reports" DROP CONSTRAINT "part_reports_file_id_scale_pk";--> statement-breakpoint
ALTER TABLE "part_reports" ADD CONSTRAINT "part_reports_file_id_scale_turn_pk" PRIMARY KEY("file_id","scale","turn");