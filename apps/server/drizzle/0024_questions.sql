CREATE TABLE "inquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"enterprise_id" text NOT NULL,
	"product_id" text,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"amount_cents" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"message_total" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderation_state" text DEFAULT 'visible' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_status_known" CHECK ("inquiries"."status" in ('open', 'closed')),
	CONSTRAINT "inquiries_amount_range" CHECK ("inquiries"."amount_cents" is null or "inquiries"."amount_cents" >= 0),
	CONSTRAINT "inquiries_message_total_positive" CHECK ("inquiries"."message_total" >= 0),
	CONSTRAINT "inquiries_moderation_state_known" CHECK ("inquiries"."moderation_state" in ('visible', 'review', 'blocked', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "inquiry_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"inquiry_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"side" text NOT NULL,
	"content" text NOT NULL,
	"moderation_state" text DEFAULT 'visible' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_messages_side_known" CHECK ("inquiry_messages"."side" in ('asker', 'exhibitor')),
	CONSTRAINT "inquiry_messages_moderation_state_known" CHECK ("inquiry_messages"."moderation_state" in ('visible', 'review', 'blocked', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"enterprise_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"is_public" smallint DEFAULT 1 NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered_by_user_id" text,
	"answered_at" timestamp with time zone,
	"moderation_state" text DEFAULT 'visible' NOT NULL,
	"answer_moderation_state" text DEFAULT 'visible' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_is_public_flag" CHECK ("questions"."is_public" in (0, 1)),
	CONSTRAINT "questions_moderation_state_known" CHECK ("questions"."moderation_state" in ('visible', 'review', 'blocked', 'deleted') and "questions"."answer_moderation_state" in ('visible', 'review', 'blocked', 'deleted')),
	CONSTRAINT "questions_answer_length" CHECK (char_length("questions"."answer") <= 500)
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_enterprise_idx" ON "inquiries" USING btree ("meeting_id","enterprise_id","last_message_at");--> statement-breakpoint
CREATE INDEX "inquiries_user_idx" ON "inquiries" USING btree ("user_id","meeting_id","last_message_at");--> statement-breakpoint
CREATE INDEX "inquiry_messages_thread_idx" ON "inquiry_messages" USING btree ("inquiry_id","created_at");--> statement-breakpoint
CREATE INDEX "questions_enterprise_idx" ON "questions" USING btree ("meeting_id","enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "questions_user_idx" ON "questions" USING btree ("user_id","meeting_id","created_at");