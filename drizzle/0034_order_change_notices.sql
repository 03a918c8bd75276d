CREATE FUNCTION "studio_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('studio_order_changes', OLD.id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('studio_order_changes', NEW.id); END IF;
  ELSE
    IF TG_OP <> 'INSERT' AND OLD.order_id IS NOT NULL THEN PERFORM pg_notify('studio_order_changes', OLD.order_id); END IF;
    IF TG_OP <> 'DELETE' AND NEW.order_id IS NOT NULL THEN PERFORM pg_notify('studio_order_changes', NEW.order_id); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_changed" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();--> statement-breakpoint
CREATE TRIGGER "order_lines_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();--> statement-breakpoint
CREATE TRIGGER "order_events_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_events" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();--> statement-breakpoint
CREATE TRIGGER "payments_changed" AFTER INSERT OR UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();--> statement-breakpoint
CREATE TRIGGER "order_delivery_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_delivery" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();--> statement-breakpoint
CREATE TRIGGER "order_tax_lines_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_tax_lines" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();--> statement-breakpoint
CREATE TRIGGER "refunds_changed" AFTER INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();--> statement-breakpoint
CREATE TRIGGER "order_access_keys_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_access_keys" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();--> statement-breakpoint
CREATE TRIGGER "quotes_changed" AFTER INSERT OR UPDATE OR DELETE ON "quotes" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();
