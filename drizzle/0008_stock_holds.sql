CREATE TABLE "stock_holds" (
	"order_id" text NOT NULL,
	"item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_holds_order_id_item_id_pk" PRIMARY KEY("order_id","item_id"),
	CONSTRAINT "stock_holds_quantity_check" CHECK ("stock_holds"."quantity" > 0)
);
--> statement-breakpoint
DROP INDEX "payments_order_provider_idx";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_item_idx" ON "stock_holds" USING btree ("item_id");--> statement-breakpoint
-- Orders awaiting payment took their units off "stock" under the old model: the shelf count gets
-- them back and the orders hold them instead.
INSERT INTO "stock_holds" ("order_id", "item_id", "quantity")
  SELECT l."order_id", l."item_id", sum(l."quantity")::integer FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
  WHERE o."status" = 'pending' AND l."item_id" IS NOT NULL GROUP BY l."order_id", l."item_id";--> statement-breakpoint
UPDATE "inventory_items" i SET "stock" = i."stock" + h."total", "held" = h."total"
  FROM (SELECT "item_id", sum("quantity")::integer AS "total" FROM "stock_holds" GROUP BY "item_id") h WHERE h."item_id" = i."id";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_held_check" CHECK ("inventory_items"."held" >= 0 and "inventory_items"."held" <= "inventory_items"."stock");