CREATE TABLE "moderation_bans" (
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"until" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_bans_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_items" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"category" text,
	"reports_count" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"text_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reporter_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_reports_kind_target_id_reporter_id_pk" PRIMARY KEY("kind","target_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_words" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"word" text NOT NULL,
	"category" text,
	"allow" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_bans" ADD CONSTRAINT "moderation_bans_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_words" ADD CONSTRAINT "moderation_words_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_target_uq" ON "moderation_items" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "moderation_items_queue_idx" ON "moderation_items" USING btree ("meeting_id","state","updated_at");--> statement-breakpoint
CREATE INDEX "moderation_posts_user_idx" ON "moderation_posts" USING btree ("meeting_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_posts_created_idx" ON "moderation_posts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_words_meeting_word_uq" ON "moderation_words" USING btree ("meeting_id","word");