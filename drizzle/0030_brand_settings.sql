ALTER TABLE "studio_identity" ADD COLUMN "tagline" jsonb DEFAULT '{"en":"3D printing, scanning and materials studio","fr":"Studio d’impression 3D, de numérisation et de matériaux"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_identity" ADD COLUMN "hours_note" jsonb DEFAULT '{"en":"Consultations by appointment","fr":"Consultations sur rendez-vous"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_identity" ADD COLUMN "order_prefix" text DEFAULT 'FF' NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_identity" ADD COLUMN "logo" text;