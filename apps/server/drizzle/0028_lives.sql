CREATE TABLE "live_chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"live_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'visible' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_chat_messages_state" CHECK ("live_chat_messages"."state" in ('visible', 'review', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "live_users" (
	"live_id" text NOT NULL,
	"user_id" text NOT NULL,
	"muted" smallint DEFAULT 0 NOT NULL,
	"banned" smallint DEFAULT 0 NOT NULL,
	"allowed" smallint DEFAULT 0 NOT NULL,
	"moderated_by" text,
	"moderated_at" timestamp with time zone,
	"subscribed" smallint DEFAULT 0 NOT NULL,
	"subscribed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"replay_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_users_live_id_user_id_pk" PRIMARY KEY("live_id","user_id"),
	CONSTRAINT "live_users_flags" CHECK ("live_users"."muted" in (0, 1) and "live_users"."banned" in (0, 1) and "live_users"."allowed" in (0, 1) and "live_users"."subscribed" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "live_viewers" (
	"live_id" text NOT NULL,
	"viewer_key" text NOT NULL,
	"user_id" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"watch_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "live_viewers_live_id_viewer_key_pk" PRIMARY KEY("live_id","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "description" jsonb DEFAULT '""'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "paused" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "source_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "source_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "replay_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "stream_key_sealed" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "access" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "activity_id" text;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "price_id" text;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "chat_enabled" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "pinned_message_id" text;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "viewer_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "viewer_peak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "chat_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_users" ADD CONSTRAINT "live_users_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_users" ADD CONSTRAINT "live_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewers" ADD CONSTRAINT "live_viewers_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewers" ADD CONSTRAINT "live_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_chat_messages_live_idx" ON "live_chat_messages" USING btree ("live_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "live_users_subscribed_idx" ON "live_users" USING btree ("live_id") WHERE "live_users"."subscribed" = 1;--> statement-breakpoint
CREATE INDEX "live_viewers_online_idx" ON "live_viewers" USING btree ("live_id","last_seen_at");--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_price_id_activity_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."activity_prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lives_meeting_start_idx" ON "lives" USING btree ("meeting_id","start");--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_window" CHECK ("lives"."end" > "lives"."start");--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_access" CHECK ("lives"."access" in ('public', 'registered', 'paid', 'private'));--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_source_kind" CHECK ("lives"."source_kind" in ('none', 'url', 'ingest'));--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_flags" CHECK ("lives"."enable_show" in (0, 1) and "lives"."paused" in (0, 1) and "lives"."chat_enabled" in (0, 1));--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_counters" CHECK ("lives"."viewer_total" >= 0 and "lives"."viewer_peak" >= 0 and "lives"."chat_total" >= 0);