CREATE TABLE "meeting_credential_settings" (
	"meeting_id" text PRIMARY KEY NOT NULL,
	"required" smallint DEFAULT 0 NOT NULL,
	"kinds" jsonb DEFAULT '["mainland","hong_kong_permit","macao_permit","taiwan_permit","passport"]'::jsonb NOT NULL,
	"retention_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_credential_settings_retention" CHECK ("meeting_credential_settings"."retention_days" between 0 and 3650)
);
--> statement-breakpoint
CREATE TABLE "user_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"number_sealed" text NOT NULL,
	"number_hash" text NOT NULL,
	"number_mask" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"purge_after" timestamp with time zone NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_credentials_kind_known" CHECK ("user_credentials"."kind" in ('mainland','hong_kong_permit','macao_permit','taiwan_permit','passport'))
);
--> statement-breakpoint
CREATE TABLE "activity_credits" (
	"activity_id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"credits_tenths" integer DEFAULT 0 NOT NULL,
	"certificate_title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"signer" jsonb DEFAULT '""'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_credits_range" CHECK ("activity_credits"."credits_tenths" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "union_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"code" text NOT NULL,
	"partner" text DEFAULT '' NOT NULL,
	"ticket_id" text,
	"used_by" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reception_guest_phases" (
	"guest_id" text NOT NULL,
	"phase_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"status_at" timestamp with time zone,
	"status_by" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answer_times" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reception_guest_phases_guest_id_phase_id_pk" PRIMARY KEY("guest_id","phase_id"),
	CONSTRAINT "reception_guest_phases_status_known" CHECK ("reception_guest_phases"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "reception_guests" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"phone" text,
	"area_code" text,
	"email" text,
	"code" text NOT NULL,
	"user_id" text,
	"staff_user_id" text,
	"note" text DEFAULT '' NOT NULL,
	"field_times" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reception_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reception_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"meeting_id" text NOT NULL,
	"guest_id" text NOT NULL,
	"phase_id" text,
	"field" text NOT NULL,
	"value" jsonb,
	"previous" jsonb,
	"user_id" text,
	"device_id" text DEFAULT '' NOT NULL,
	"mutation_id" text,
	"client_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reception_history_outcome_known" CHECK ("reception_history"."outcome" in ('applied','stale'))
);
--> statement-breakpoint
CREATE TABLE "reception_phases" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"description" jsonb DEFAULT '""'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"staff_role" text,
	"form" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reception_phases_staff_role_known" CHECK ("reception_phases"."staff_role" is null or "reception_phases"."staff_role" in ('1','2'))
);
--> statement-breakpoint
ALTER TABLE "meeting_credential_settings" ADD CONSTRAINT "meeting_credential_settings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credentials" ADD CONSTRAINT "user_credentials_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credentials" ADD CONSTRAINT "user_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_credits" ADD CONSTRAINT "activity_credits_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_credits" ADD CONSTRAINT "activity_credits_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_codes" ADD CONSTRAINT "union_codes_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_codes" ADD CONSTRAINT "union_codes_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_codes" ADD CONSTRAINT "union_codes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "union_codes" ADD CONSTRAINT "union_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_guest_phases" ADD CONSTRAINT "reception_guest_phases_guest_id_reception_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."reception_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_guest_phases" ADD CONSTRAINT "reception_guest_phases_phase_id_reception_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."reception_phases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_guest_phases" ADD CONSTRAINT "reception_guest_phases_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_guest_phases" ADD CONSTRAINT "reception_guest_phases_status_by_users_id_fk" FOREIGN KEY ("status_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_guests" ADD CONSTRAINT "reception_guests_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_guests" ADD CONSTRAINT "reception_guests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_guests" ADD CONSTRAINT "reception_guests_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_history" ADD CONSTRAINT "reception_history_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_history" ADD CONSTRAINT "reception_history_guest_id_reception_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."reception_guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_history" ADD CONSTRAINT "reception_history_phase_id_reception_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."reception_phases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_history" ADD CONSTRAINT "reception_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reception_phases" ADD CONSTRAINT "reception_phases_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_credentials_meeting_user_uq" ON "user_credentials" USING btree ("meeting_id","user_id") WHERE "user_credentials"."deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "user_credentials_meeting_number_uq" ON "user_credentials" USING btree ("meeting_id","number_hash") WHERE "user_credentials"."deleted" = 0;--> statement-breakpoint
CREATE INDEX "user_credentials_purge_idx" ON "user_credentials" USING btree ("purge_after");--> statement-breakpoint
CREATE INDEX "activity_credits_meeting_idx" ON "activity_credits" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "union_codes_activity_code_uq" ON "union_codes" USING btree ("activity_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "union_codes_ticket_uq" ON "union_codes" USING btree ("ticket_id") WHERE "union_codes"."ticket_id" is not null;--> statement-breakpoint
CREATE INDEX "union_codes_meeting_idx" ON "union_codes" USING btree ("meeting_id","activity_id","created_at");--> statement-breakpoint
CREATE INDEX "reception_guest_phases_phase_idx" ON "reception_guest_phases" USING btree ("phase_id","status");--> statement-breakpoint
CREATE INDEX "reception_guest_phases_meeting_idx" ON "reception_guest_phases" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reception_guests_code_uq" ON "reception_guests" USING btree ("meeting_id","code") WHERE "reception_guests"."deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "reception_guests_phone_uq" ON "reception_guests" USING btree ("meeting_id","phone") WHERE "reception_guests"."deleted" = 0 and "reception_guests"."phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reception_guests_email_uq" ON "reception_guests" USING btree ("meeting_id","email") WHERE "reception_guests"."deleted" = 0 and "reception_guests"."email" is not null;--> statement-breakpoint
CREATE INDEX "reception_guests_meeting_idx" ON "reception_guests" USING btree ("meeting_id","name","id") WHERE "reception_guests"."deleted" = 0;--> statement-breakpoint
CREATE INDEX "reception_guests_staff_idx" ON "reception_guests" USING btree ("staff_user_id") WHERE "reception_guests"."deleted" = 0;--> statement-breakpoint
CREATE INDEX "reception_guests_user_idx" ON "reception_guests" USING btree ("user_id") WHERE "reception_guests"."deleted" = 0;--> statement-breakpoint
CREATE INDEX "reception_guests_search_trgm_idx" ON "reception_guests" USING gin (lower("name" || E'
' || "title" || E'
' || coalesce("phone", '') || E'
' || coalesce("email", '') || E'
' || "code") gin_trgm_ops) WHERE "reception_guests"."deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "reception_history_mutation_uq" ON "reception_history" USING btree ("meeting_id","mutation_id");--> statement-breakpoint
CREATE INDEX "reception_history_meeting_idx" ON "reception_history" USING btree ("meeting_id","id");--> statement-breakpoint
CREATE INDEX "reception_history_guest_idx" ON "reception_history" USING btree ("guest_id","id");--> statement-breakpoint
CREATE INDEX "reception_phases_meeting_idx" ON "reception_phases" USING btree ("meeting_id","position","id");