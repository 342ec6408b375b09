CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"meeting_id" text,
	"actor_user_id" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibitor_password_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"exhibitor_account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"role" text NOT NULL,
	"reception_role" text,
	"phone" text,
	"email" text,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_roles_address" CHECK ("meeting_roles"."phone" is not null or "meeting_roles"."email" is not null),
	CONSTRAINT "meeting_roles_email_lower" CHECK ("meeting_roles"."email" = lower("meeting_roles"."email")),
	CONSTRAINT "meeting_roles_role" CHECK ("meeting_roles"."role" in ('owner','organiser','editor','registration','checkin','reception','finance'))
);
--> statement-breakpoint
CREATE TABLE "platform_admins" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_admins_address" CHECK ("platform_admins"."phone" is not null or "platform_admins"."email" is not null),
	CONSTRAINT "platform_admins_email_lower" CHECK ("platform_admins"."email" = lower("platform_admins"."email"))
);
--> statement-breakpoint
ALTER TABLE "exhibitor_applications" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibitor_applications" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibitor_applications" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "exhibitor_applications" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exhibitor_applications" ADD COLUMN "enterprise_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "seat_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "review_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exhibitor_password_tokens" ADD CONSTRAINT "exhibitor_password_tokens_exhibitor_account_id_exhibitor_accounts_id_fk" FOREIGN KEY ("exhibitor_account_id") REFERENCES "public"."exhibitor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_roles" ADD CONSTRAINT "meeting_roles_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_roles" ADD CONSTRAINT "meeting_roles_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_meeting_idx" ON "audit_log" USING btree ("meeting_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "exhibitor_password_tokens_account_idx" ON "exhibitor_password_tokens" USING btree ("exhibitor_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_roles_phone_uq" ON "meeting_roles" USING btree ("meeting_id","phone","role");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_roles_email_uq" ON "meeting_roles" USING btree ("meeting_id","email","role");--> statement-breakpoint
CREATE INDEX "meeting_roles_phone_idx" ON "meeting_roles" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "meeting_roles_email_idx" ON "meeting_roles" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_admins_phone_uq" ON "platform_admins" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_admins_email_uq" ON "platform_admins" USING btree ("email");--> statement-breakpoint
ALTER TABLE "exhibitor_applications" ADD CONSTRAINT "exhibitor_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exhibitor_applications_status_idx" ON "exhibitor_applications" USING btree ("meeting_id","status");