CREATE TABLE "home_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"position" integer NOT NULL,
	"icon" text NOT NULL,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_cards_section_check" CHECK ("home_cards"."section" in ('services', 'industries')),
	CONSTRAINT "home_cards_icon_check" CHECK ("home_cards"."icon" in ('scan', 'printer', 'spool', 'mask', 'clapper', 'lamp'))
);
--> statement-breakpoint
CREATE TABLE "home_hero" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"eyebrow" jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"subtitle" jsonb NOT NULL,
	"image_alt" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_hero_single_row" CHECK ("home_hero"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "home_cards_section_position_idx" ON "home_cards" USING btree ("section","position");
--> statement-breakpoint
-- The hero and cards the home page showed from the catalogues until now (issue 23): the page does not change.
-- {city} is the studio's city (Admin → Settings); in French, "de {city}" becomes "d’…" before a vowel.
INSERT INTO "home_hero" ("id", "eyebrow", "title", "subtitle", "image_alt") VALUES
(1, '{"en":"3D printing studio","fr":"Atelier d’impression 3D"}'::jsonb, '{"en":"From idea to object, one layer at a time","fr":"De l’idée à l’objet, une couche à la fois"}'::jsonb, '{"en":"We scan, model, print and finish cosplay armour, film props, décor and custom parts in our {city} studio.","fr":"Dans notre atelier de {city}, on numérise, on modélise, on imprime et on peaufine armures de cosplay, accessoires de tournage, déco et pièces sur mesure."}'::jsonb, '{"en":"A 3D printer in the studio printing a leaf-shaped piece, surrounded by finished prints","fr":"Une imprimante 3D de l’atelier en train d’imprimer une feuille, entourée de pièces terminées"}'::jsonb);
--> statement-breakpoint
INSERT INTO "home_cards" ("section", "position", "icon", "title", "text", "published") VALUES
('services', 1, 'scan', '{"en":"3D scanning","fr":"Numérisation 3D"}'::jsonb, '{"en":"Precise digital copies of real objects, up to 0.1 mm.","fr":"Des copies numériques fidèles de vos objets, jusqu’à 0,1 mm près."}'::jsonb, true),
('services', 2, 'printer', '{"en":"Custom printing","fr":"Impression sur mesure"}'::jsonb, '{"en":"Prototypes, props and parts, printed and finished by hand.","fr":"Prototypes, accessoires et pièces, imprimés et finis à la main."}'::jsonb, true),
('services', 3, 'spool', '{"en":"Material options","fr":"Choix de matériaux"}'::jsonb, '{"en":"Rigid, flexible, heat resistant or recycled: we help you choose.","fr":"Rigide, souple, résistant à la chaleur ou recyclé : on vous aide à choisir."}'::jsonb, true),
('industries', 1, 'mask', '{"en":"Cosplay","fr":"Cosplay"}'::jsonb, '{"en":"Armour, helmets and props that fit, survive a convention and look great on camera.","fr":"Armures, casques et accessoires bien ajustés, qui tiennent le coup toute une fin de semaine de convention."}'::jsonb, true),
('industries', 2, 'clapper', '{"en":"Film and TV","fr":"Cinéma et télé"}'::jsonb, '{"en":"Props, set pieces and multiples delivered on schedule for productions.","fr":"Accessoires, éléments de décor et doublures livrés à temps pour le tournage."}'::jsonb, true),
('industries', 3, 'lamp', '{"en":"Decoration","fr":"Décoration"}'::jsonb, '{"en":"Lamps, sculptures and one-off pieces for homes, shops and events.","fr":"Lampes, sculptures et pièces uniques pour la maison, les boutiques et les événements."}'::jsonb, true);
