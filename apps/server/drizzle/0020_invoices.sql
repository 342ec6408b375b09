CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text,
	"state" text DEFAULT 'processing' NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"taxpayer_number" text NOT NULL,
	"registered_address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"mobile" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"delivery" text NOT NULL,
	"mailing_address" text DEFAULT '' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"issued_number" text DEFAULT '' NOT NULL,
	"pdf_key" text,
	"processed_by" text,
	"processed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_state" CHECK ("invoices"."state" in ('processing', 'completed', 'rejected')),
	CONSTRAINT "invoices_type" CHECK ("invoices"."type" in ('regular', 'special')),
	CONSTRAINT "invoices_delivery" CHECK ("invoices"."delivery" in ('electronic', 'express', 'venue')),
	CONSTRAINT "invoices_amount_positive" CHECK ("invoices"."amount" > 0),
	CONSTRAINT "invoices_completed_has_document" CHECK ("invoices"."state" <> 'completed' or "invoices"."pdf_key" is not null or "invoices"."issued_number" <> ''),
	CONSTRAINT "invoices_rejected_has_reason" CHECK ("invoices"."state" <> 'rejected' or "invoices"."reject_reason" <> '')
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"meeting_id" text NOT NULL,
	"kind" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counters_meeting_id_kind_pk" PRIMARY KEY("meeting_id","kind"),
	CONSTRAINT "receipt_counters_last_nonnegative" CHECK ("receipt_counters"."last" >= 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"order_id" text NOT NULL,
	"refund_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_kind" CHECK ("receipts"."kind" in ('receipt', 'cancellation')),
	CONSTRAINT "receipts_amount_positive" CHECK ("receipts"."amount" > 0),
	CONSTRAINT "receipts_number_positive" CHECK ("receipts"."number" > 0),
	CONSTRAINT "receipts_refund_of_cancellation" CHECK (("receipts"."kind" = 'cancellation') = ("receipts"."refund_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_live_order_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."state" <> 'rejected';--> statement-breakpoint
CREATE INDEX "invoices_meeting_state_idx" ON "invoices" USING btree ("meeting_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_meeting_kind_number_uq" ON "receipts" USING btree ("meeting_id","kind","number");--> statement-breakpoint
CREATE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id","created_at");