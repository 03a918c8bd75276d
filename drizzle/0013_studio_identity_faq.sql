CREATE TABLE "faq_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"question" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"hours" jsonb NOT NULL,
	"closures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"socials" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_identity_single_row" CHECK ("studio_identity"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "faq_entries_position_idx" ON "faq_entries" USING btree ("position");
--> statement-breakpoint
-- The FAQ /contact showed from the catalogues until now (issue 23): the page does not change.
INSERT INTO "faq_entries" ("position", "published", "question", "answer") VALUES
(1, true, '{"en": "How long does a project take?", "fr": "Combien de temps prend un projet ?"}'::jsonb, '{"en": "Most prints are ready in 3 to 5 business days. A project that needs a scan, modelling or a painted finish usually takes 2 to 4 weeks; we give you a date with the quote.", "fr": "La plupart des impressions sont prêtes en 3 à 5 jours ouvrables. Un projet qui demande une numérisation, de la modélisation ou une finition peinte prend habituellement de 2 à 4 semaines ; on vous donne une date avec la soumission."}'::jsonb),
(2, true, '{"en": "Which file formats do you accept?", "fr": "Quels formats de fichiers acceptez-vous ?"}'::jsonb, '{"en": "STL, OBJ, 3MF and STEP files are perfect. No file? A sketch, photos or the object itself are enough: we can scan or model it for you.", "fr": "Les fichiers STL, OBJ, 3MF et STEP sont parfaits. Pas de fichier ? Un croquis, des photos ou l’objet lui-même suffisent : on peut le numériser ou le modéliser pour vous."}'::jsonb),
(3, true, '{"en": "Do you ship?", "fr": "Livrez-vous ?"}'::jsonb, '{"en": "Yes, everywhere in Canada, with tracking and careful packing. You can also pick up your order at the studio by appointment.", "fr": "Oui, partout au Canada, avec suivi et un emballage soigné. Vous pouvez aussi passer chercher votre commande à l’atelier, sur rendez-vous."}'::jsonb);