CREATE TABLE "commerce_settings" (
	"meeting_id" text PRIMARY KEY NOT NULL,
	"payment_provider" text DEFAULT 'sandbox' NOT NULL,
	"credentials_ciphertext" text,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"payment_window_seconds" integer DEFAULT 900 NOT NULL,
	"enable_invoice" smallint DEFAULT 0 NOT NULL,
	"seller" jsonb DEFAULT '{"name":"","taxpayer_number":"","address":""}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerce_settings_window" CHECK ("commerce_settings"."payment_window_seconds" between 60 and 86400),
	CONSTRAINT "commerce_settings_provider" CHECK ("commerce_settings"."payment_provider" in ('sandbox', 'wechatpay', 'alipay', 'stripe')),
	CONSTRAINT "commerce_settings_invoice_flag" CHECK ("commerce_settings"."enable_invoice" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"coupon_id" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"n" integer NOT NULL,
	"released" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_n" CHECK ("coupon_redemptions"."n" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"activity_id" text,
	"code" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"type" smallint NOT NULL,
	"discount_rate" integer DEFAULT 0 NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"promotion_threshold" integer DEFAULT 0 NOT NULL,
	"promotion_amount" integer DEFAULT 0 NOT NULL,
	"price_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" smallint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"total_limit" integer DEFAULT 0 NOT NULL,
	"used_total" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_used_within_limit" CHECK ("coupons"."used_total" >= 0 and ("coupons"."total_limit" = 0 or "coupons"."used_total" <= "coupons"."total_limit")),
	CONSTRAINT "coupons_limits_nonnegative" CHECK ("coupons"."total_limit" >= 0 and "coupons"."per_user_limit" >= 0),
	CONSTRAINT "coupons_type" CHECK ("coupons"."type" between 1 and 3),
	CONSTRAINT "coupons_rate" CHECK ("coupons"."type" <> 1 or "coupons"."discount_rate" between 1 and 100),
	CONSTRAINT "coupons_amount" CHECK ("coupons"."type" <> 2 or "coupons"."discount_amount" > 0),
	CONSTRAINT "coupons_promotion" CHECK ("coupons"."type" <> 3 or "coupons"."promotion_amount" > 0),
	CONSTRAINT "coupons_nonnegative" CHECK ("coupons"."discount_amount" >= 0 and "coupons"."promotion_threshold" >= 0 and "coupons"."promotion_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"activity_id" text,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"type" smallint NOT NULL,
	"discount_rate" integer DEFAULT 0 NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"promotion_threshold" integer DEFAULT 0 NOT NULL,
	"promotion_amount" integer DEFAULT 0 NOT NULL,
	"price_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_type" CHECK ("discounts"."type" between 1 and 3),
	CONSTRAINT "discounts_rate" CHECK ("discounts"."type" <> 1 or "discounts"."discount_rate" between 1 and 100),
	CONSTRAINT "discounts_amount" CHECK ("discounts"."type" <> 2 or "discounts"."discount_amount" > 0),
	CONSTRAINT "discounts_promotion" CHECK ("discounts"."type" <> 3 or "discounts"."promotion_amount" > 0),
	CONSTRAINT "discounts_nonnegative" CHECK ("discounts"."discount_amount" >= 0 and "discounts"."promotion_threshold" >= 0 and "discounts"."promotion_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"price_id" text NOT NULL,
	"source_id" text,
	"ticket_id" text,
	"registrant" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unit_amount" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"discount_id" text,
	"coupon_id" text,
	"coupon_code" text DEFAULT '' NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"cancelled" smallint DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_amounts" CHECK ("order_lines"."unit_amount" >= 0 and "order_lines"."discount" >= 0 and "order_lines"."amount" = "order_lines"."unit_amount" - "order_lines"."discount" and "order_lines"."amount" >= 0),
	CONSTRAINT "order_lines_refund_within_amount" CHECK ("order_lines"."refunded_amount" >= 0 and "order_lines"."refunded_amount" <= "order_lines"."amount")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" text,
	"group_checkout_id" text,
	"number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"refund_flag" smallint DEFAULT 0 NOT NULL,
	"reserved" smallint DEFAULT 1 NOT NULL,
	"source_id" text,
	"pay_channel" text,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"pay_token_hash" text NOT NULL,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'done', 'expired', 'cancelled')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal" >= 0 and "orders"."discount" >= 0 and "orders"."total" = "orders"."subtotal" - "orders"."discount" and "orders"."total" >= 0),
	CONSTRAINT "orders_refund_within_paid" CHECK ("orders"."refund_amount" >= 0 and "orders"."refund_amount" <= "orders"."paid_amount"),
	CONSTRAINT "orders_flags" CHECK ("orders"."refund_flag" in (0, 1) and "orders"."reserved" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" text,
	"meeting_id" text,
	"outcome" text DEFAULT 'received' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_transaction_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('created', 'paid', 'failed', 'closed')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_id_length" CHECK (length("payments"."id") <= 32)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" text,
	"amount" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'organiser' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"line_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_kind" CHECK ("refunds"."kind" in ('organiser', 'late_payment', 'duplicate_payment', 'conflict'))
);
--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD CONSTRAINT "commerce_settings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_price_id_activity_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."activity_prices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_source_id_activity_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."activity_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_id_activity_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."activity_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_meeting_code_uq" ON "coupons" USING btree ("meeting_id","code") WHERE "coupons"."deleted" = 0;--> statement-breakpoint
CREATE INDEX "discounts_meeting_idx" ON "discounts" USING btree ("meeting_id","activity_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_ticket_idx" ON "order_lines" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_meeting_created_idx" ON "orders" USING btree ("meeting_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_expires_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_group_checkout_idx" ON "orders" USING btree ("group_checkout_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_idempotency_uq" ON "refunds" USING btree ("order_id","idempotency_key");