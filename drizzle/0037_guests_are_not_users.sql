ALTER TABLE "quotes" DROP CONSTRAINT "quotes_owner_check";--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_owner_check" CHECK ("quotes"."browser_hash" is not null or "quotes"."user_id" is not null or "quotes"."order_id" is not null);--> statement-breakpoint
-- Every order gets its contact: a guest's as typed at checkout, an account's from the account and the delivery.
INSERT INTO "order_contacts" ("order_id", "email", "full_name", "phone", "created_at")
SELECT o."id", g."email", g."full_name", g."phone", o."created_at"
FROM "orders" o JOIN "guest_buyers" g ON g."user_id" = o."user_id";--> statement-breakpoint
INSERT INTO "order_contacts" ("order_id", "email", "full_name", "phone", "created_at")
SELECT o."id", u."email", COALESCE(NULLIF(d."address"->>'fullName', ''), u."username"), NULLIF(d."address"->>'phone', ''), o."created_at"
FROM "orders" o
JOIN "users" u ON u."id" = o."user_id"
LEFT JOIN "order_delivery" d ON d."order_id" = o."id"
WHERE u."email" <> '' AND NOT EXISTS (SELECT 1 FROM "guest_buyers" g WHERE g."user_id" = o."user_id");--> statement-breakpoint
-- A guest is no user: its orders belong to no account (they open by their key), its parts stay with them.
UPDATE "orders" SET "user_id" = NULL WHERE "user_id" IN (SELECT "user_id" FROM "guest_buyers");--> statement-breakpoint
UPDATE "quotes" SET "user_id" = NULL WHERE "user_id" IN (SELECT "user_id" FROM "guest_buyers") AND ("browser_hash" IS NOT NULL OR "order_id" IS NOT NULL);--> statement-breakpoint
DELETE FROM "users" WHERE "id" IN (SELECT "user_id" FROM "guest_buyers");--> statement-breakpoint
DROP TABLE "guest_buyers" CASCADE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "studio_buyer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'order_lines' THEN
    PERFORM pg_notify('studio_buyer_changes', "user_id") FROM "orders" WHERE "id" = COALESCE(NEW.order_id, OLD.order_id) AND "user_id" IS NOT NULL;
  ELSE
    IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN PERFORM pg_notify('studio_buyer_changes', OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN PERFORM pg_notify('studio_buyer_changes', NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_contacts_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_contacts" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();
