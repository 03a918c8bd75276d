ALTER TABLE "order_access_keys" DROP CONSTRAINT "order_access_keys_key_hash_unique";--> statement-breakpoint
ALTER TABLE "order_access_keys" DROP CONSTRAINT "order_access_keys_pkey";--> statement-breakpoint
ALTER TABLE "order_access_keys" ADD PRIMARY KEY ("key_hash");--> statement-breakpoint
CREATE INDEX "order_access_keys_order_idx" ON "order_access_keys" USING btree ("order_id");
