CREATE TABLE "activity_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"phone" text,
	"email" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_invites_address" CHECK ("activity_invites"."phone" is not null or "activity_invites"."email" is not null),
	CONSTRAINT "activity_invites_email_lower" CHECK ("activity_invites"."email" = lower("activity_invites"."email"))
);
--> statement-breakpoint
ALTER TABLE "activity_invites" ADD CONSTRAINT "activity_invites_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_invites_phone_uq" ON "activity_invites" USING btree ("activity_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_invites_email_uq" ON "activity_invites" USING btree ("activity_id","email");