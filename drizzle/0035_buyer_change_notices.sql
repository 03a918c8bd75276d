CREATE FUNCTION "studio_buyer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'order_lines' THEN
    PERFORM pg_notify('studio_buyer_changes', "user_id") FROM "orders" WHERE "id" = COALESCE(NEW.order_id, OLD.order_id);
  ELSE
    IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN PERFORM pg_notify('studio_buyer_changes', OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN PERFORM pg_notify('studio_buyer_changes', NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_buyer_changed" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "studio_buyer_changed"();--> statement-breakpoint
CREATE TRIGGER "order_lines_buyer_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "studio_buyer_changed"();--> statement-breakpoint
CREATE TRIGGER "quotes_buyer_changed" AFTER INSERT OR UPDATE OR DELETE ON "quotes" FOR EACH ROW EXECUTE FUNCTION "studio_buyer_changed"();--> statement-breakpoint
CREATE TRIGGER "addresses_buyer_changed" AFTER INSERT OR UPDATE OR DELETE ON "addresses" FOR EACH ROW EXECUTE FUNCTION "studio_buyer_changed"();
