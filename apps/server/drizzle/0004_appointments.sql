-- btree_gist lets one GiST exclusion constraint compare the enterprise id (=) and the time range (&&).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"enterprise_id" text NOT NULL,
	"requester_user_id" text NOT NULL,
	"schedule_id" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"mode" text NOT NULL,
	"booth" text DEFAULT '' NOT NULL,
	"matter" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"is_forced" smallint DEFAULT 0 NOT NULL,
	"handled_by_user_id" text,
	"cancelled_by" text,
	"is_hidden_for_requester" smallint DEFAULT 0 NOT NULL,
	"is_hidden_for_exhibitor" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_end_after_start" CHECK ("appointments"."end_at" > "appointments"."start_at"),
	CONSTRAINT "appointments_status_known" CHECK ("appointments"."status" between 0 and 4),
	CONSTRAINT "appointments_mode_known" CHECK ("appointments"."mode" in ('online', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_uq" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"enterprise_id" text,
	"appointment_id" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_one_owner" CHECK (("schedules"."user_id" is null) <> ("schedules"."enterprise_id" is null)),
	CONSTRAINT "schedules_end_after_start" CHECK ("schedules"."end_at" > "schedules"."start_at"),
	CONSTRAINT "schedules_kind_known" CHECK ("schedules"."kind" in ('slot', 'appointment')),
	CONSTRAINT "schedules_kind_shape" CHECK (("schedules"."kind" = 'slot' and "schedules"."enterprise_id" is not null and "schedules"."appointment_id" is null) or ("schedules"."kind" = 'appointment' and "schedules"."appointment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_requester_idx" ON "appointments" USING btree ("requester_user_id","meeting_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_enterprise_idx" ON "appointments" USING btree ("enterprise_id","meeting_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_slot_active_uq" ON "appointments" USING btree ("schedule_id") WHERE "appointments"."schedule_id" is not null and "appointments"."status" in (0, 1);--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_requester_active_uq" ON "appointments" USING btree ("requester_user_id","enterprise_id","start_at") WHERE "appointments"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "schedules_user_idx" ON "schedules" USING btree ("user_id","meeting_id","start_at");--> statement-breakpoint
CREATE INDEX "schedules_enterprise_idx" ON "schedules" USING btree ("enterprise_id","meeting_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_appointment_user_uq" ON "schedules" USING btree ("appointment_id","user_id") WHERE "schedules"."kind" = 'appointment' and "schedules"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_appointment_enterprise_uq" ON "schedules" USING btree ("appointment_id","enterprise_id") WHERE "schedules"."kind" = 'appointment' and "schedules"."enterprise_id" is not null;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model EXCLUDE): no two accepted appointments of one enterprise overlap,
-- and no two live published slots of one enterprise overlap. Ranges are half-open, so back-to-back is fine.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_enterprise_accepted_no_overlap" EXCLUDE USING gist ("enterprise_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&) WHERE ("status" = 1);--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_slot_no_overlap" EXCLUDE USING gist ("enterprise_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&) WHERE ("kind" = 'slot' AND "deleted" = 0);
