CREATE TABLE "enterprise_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"enterprise_id" text NOT NULL,
	"device_id" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"hash" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enterprise_invites" ADD CONSTRAINT "enterprise_invites_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_invites" ADD CONSTRAINT "enterprise_invites_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_invites" ADD CONSTRAINT "enterprise_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_invites_device_uq" ON "enterprise_invites" USING btree ("meeting_id","enterprise_id","device_id");--> statement-breakpoint
CREATE INDEX "enterprise_invites_user_idx" ON "enterprise_invites" USING btree ("meeting_id","user_id");