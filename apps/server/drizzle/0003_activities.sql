CREATE TABLE "activities" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"description" jsonb DEFAULT '""'::jsonb NOT NULL,
	"covers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" jsonb DEFAULT '""'::jsonb NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"registration_start" timestamp with time zone,
	"deadline" timestamp with time zone,
	"max" integer DEFAULT 0 NOT NULL,
	"ticket_total" integer DEFAULT 0 NOT NULL,
	"offline" smallint DEFAULT 1 NOT NULL,
	"enable_show" smallint DEFAULT 1 NOT NULL,
	"enable_registration_entrance" smallint DEFAULT 1 NOT NULL,
	"is_review" smallint DEFAULT 0 NOT NULL,
	"enable_resubmit_answer" smallint DEFAULT 0 NOT NULL,
	"enable_deadline_answer" smallint DEFAULT 0 NOT NULL,
	"privacy" smallint DEFAULT 0 NOT NULL,
	"enable_agent" smallint DEFAULT 0 NOT NULL,
	"agent_checkout_version" text DEFAULT 'v1' NOT NULL,
	"agent_max_members" integer DEFAULT 20 NOT NULL,
	"views_total" integer DEFAULT 0 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_max_nonnegative" CHECK ("activities"."max" >= 0),
	CONSTRAINT "activities_ticket_total_nonnegative" CHECK ("activities"."ticket_total" >= 0),
	CONSTRAINT "activities_not_oversold" CHECK ("activities"."max" = 0 or "activities"."ticket_total" <= "activities"."max"),
	CONSTRAINT "activities_views_nonnegative" CHECK ("activities"."views_total" >= 0),
	CONSTRAINT "activities_end_after_start" CHECK ("activities"."end" >= "activities"."start"),
	CONSTRAINT "activities_agent_max_members_positive" CHECK ("activities"."agent_max_members" >= 1)
);
--> statement-breakpoint
CREATE TABLE "activity_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"description" jsonb DEFAULT '""'::jsonb NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"sold_total" integer DEFAULT 0 NOT NULL,
	"max_per_agent" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_prices_amount_nonnegative" CHECK ("activity_prices"."amount" >= 0),
	CONSTRAINT "activity_prices_sold_total_nonnegative" CHECK ("activity_prices"."sold_total" >= 0),
	CONSTRAINT "activity_prices_not_oversold" CHECK ("activity_prices"."total" is null or "activity_prices"."sold_total" <= "activity_prices"."total")
);
--> statement-breakpoint
CREATE TABLE "activity_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"max" integer DEFAULT 0 NOT NULL,
	"signup_total" integer DEFAULT 0 NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_sources_signup_total_nonnegative" CHECK ("activity_sources"."signup_total" >= 0),
	CONSTRAINT "activity_sources_not_oversold" CHECK ("activity_sources"."max" = 0 or "activity_sources"."signup_total" <= "activity_sources"."max")
);
--> statement-breakpoint
CREATE TABLE "activity_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"activity_id" text NOT NULL,
	"user_id" text,
	"device_id" text,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"liaison" text NOT NULL,
	"phone" text NOT NULL,
	"area_code" text DEFAULT '86' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"members_total" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_members_total_nonnegative" CHECK ("agents"."members_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "form_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"scope" text DEFAULT 'member' NOT NULL,
	"type" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"description" jsonb DEFAULT '""'::jsonb NOT NULL,
	"is_required" smallint DEFAULT 0 NOT NULL,
	"field" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"condition" jsonb,
	"weight" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_staff" (
	"meeting_id" text NOT NULL,
	"phone" text NOT NULL,
	"role" text DEFAULT 'checkin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_staff_meeting_id_phone_pk" PRIMARY KEY("meeting_id","phone")
);
--> statement-breakpoint
CREATE TABLE "ticket_scans" (
	"scan_key" text PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"staff_user_id" text NOT NULL,
	"is_first" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"price_id" text NOT NULL,
	"source_id" text,
	"user_id" text,
	"agent_id" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"input_by_admin" smallint DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text,
	"area_code" text,
	"email" text,
	"id_number" text,
	"job" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" text,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_status_known" CHECK ("tickets"."status" between 0 and 3),
	CONSTRAINT "tickets_amount_nonnegative" CHECK ("tickets"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_prices" ADD CONSTRAINT "activity_prices_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sources" ADD CONSTRAINT "activity_sources_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_views" ADD CONSTRAINT "activity_views_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_questions" ADD CONSTRAINT "form_questions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_staff" ADD CONSTRAINT "meeting_staff_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_price_id_activity_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."activity_prices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_source_id_activity_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."activity_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_meeting_idx" ON "activities" USING btree ("meeting_id","weight","start","id");--> statement-breakpoint
CREATE INDEX "activity_prices_activity_idx" ON "activity_prices" USING btree ("activity_id","weight");--> statement-breakpoint
CREATE INDEX "activity_sources_activity_idx" ON "activity_sources" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "activity_views_activity_idx" ON "activity_views" USING btree ("activity_id","created_at");--> statement-breakpoint
CREATE INDEX "agents_activity_user_idx" ON "agents" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "form_questions_form_idx" ON "form_questions" USING btree ("form_id","scope","weight");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_activity_uq" ON "forms" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "ticket_scans_ticket_idx" ON "ticket_scans" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_code_uq" ON "tickets" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_activity_user_uq" ON "tickets" USING btree ("activity_id","user_id") WHERE "tickets"."deleted" = 0 and "tickets"."agent_id" is null and "tickets"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_activity_phone_uq" ON "tickets" USING btree ("activity_id","phone") WHERE "tickets"."deleted" = 0 and "tickets"."phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_activity_email_uq" ON "tickets" USING btree ("activity_id","email") WHERE "tickets"."deleted" = 0 and "tickets"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_activity_id_number_uq" ON "tickets" USING btree ("activity_id","id_number") WHERE "tickets"."deleted" = 0 and "tickets"."id_number" is not null;--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_agent_idx" ON "tickets" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "tickets_activity_idx" ON "tickets" USING btree ("activity_id","status","created_at");