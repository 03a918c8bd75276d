CREATE TABLE "conversation_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"author" text NOT NULL,
	"staff_user_id" text,
	"kind" text DEFAULT 'message' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "conversation_messages_author_check" CHECK ("conversation_messages"."author" in ('buyer', 'studio')),
	CONSTRAINT "conversation_messages_kind_check" CHECK ("conversation_messages"."kind" in ('message', 'approval_request', 'approved', 'change_requested')),
	CONSTRAINT "conversation_messages_body_check" CHECK (char_length("conversation_messages"."body") <= 4000 and ("conversation_messages"."kind" <> 'message' or "conversation_messages"."body" <> ''))
);
--> statement-breakpoint
ALTER TABLE "studio_events" DROP CONSTRAINT "studio_events_kind_check";--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_order_idx" ON "conversation_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_messages_unread_idx" ON "conversation_messages" USING btree ("author","order_id") WHERE "conversation_messages"."read_at" is null;--> statement-breakpoint
ALTER TABLE "studio_events" ADD CONSTRAINT "studio_events_kind_check" CHECK ("studio_events"."kind" in ('paid_order', 'quote_request', 'quote_review', 'refund_failed', 'low_stock', 'processor_money', 'backup_failed', 'buyer_message'));--> statement-breakpoint
CREATE TRIGGER "conversation_messages_changed" AFTER INSERT OR UPDATE OR DELETE ON "conversation_messages" FOR EACH ROW EXECUTE FUNCTION "studio_order_changed"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "studio_buyer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('order_lines', 'conversation_messages') THEN
    PERFORM pg_notify('studio_buyer_changes', "user_id") FROM "orders" WHERE "id" = COALESCE(NEW.order_id, OLD.order_id) AND "user_id" IS NOT NULL;
  ELSE
    IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN PERFORM pg_notify('studio_buyer_changes', OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN PERFORM pg_notify('studio_buyer_changes', NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_messages_buyer_changed" AFTER INSERT OR UPDATE OR DELETE ON "conversation_messages" FOR EACH ROW EXECUTE FUNCTION "studio_buyer_changed"();
