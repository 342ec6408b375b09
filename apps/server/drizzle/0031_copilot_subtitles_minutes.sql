CREATE TABLE "copilot_asker_daily" (
	"meeting_id" text NOT NULL,
	"asker_key" text NOT NULL,
	"day" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "copilot_asker_daily_meeting_id_asker_key_day_pk" PRIMARY KEY("meeting_id","asker_key","day")
);
--> statement-breakpoint
CREATE TABLE "copilot_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"asker_key" text NOT NULL,
	"user_id" text,
	"language" text DEFAULT 'zh' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"closed" smallint DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"flagged_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copilot_conversations_flags" CHECK ("copilot_conversations"."closed" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "copilot_faqs" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copilot_faqs_flags" CHECK ("copilot_faqs"."enabled" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "copilot_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"engine" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'done' NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"first_token_ms" integer,
	"rating" smallint DEFAULT 0 NOT NULL,
	"flagged" smallint DEFAULT 0 NOT NULL,
	"flag_note" text DEFAULT '' NOT NULL,
	"flagged_by" text,
	"flagged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copilot_messages_role" CHECK ("copilot_messages"."role" in ('user', 'assistant')),
	CONSTRAINT "copilot_messages_state" CHECK ("copilot_messages"."state" in ('done', 'failed', 'refused')),
	CONSTRAINT "copilot_messages_flags" CHECK ("copilot_messages"."flagged" in (0, 1) and "copilot_messages"."rating" in (-1, 0, 1))
);
--> statement-breakpoint
CREATE TABLE "copilot_settings" (
	"meeting_id" text PRIMARY KEY NOT NULL,
	"user_daily_requests" integer DEFAULT 30 NOT NULL,
	"meeting_daily_tokens" integer DEFAULT 2000000 NOT NULL,
	"input_price_micros" bigint DEFAULT 0 NOT NULL,
	"output_price_micros" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "copilot_settings_limits" CHECK ("copilot_settings"."user_daily_requests" >= 0 and "copilot_settings"."meeting_daily_tokens" >= 0 and "copilot_settings"."input_price_micros" >= 0 and "copilot_settings"."output_price_micros" >= 0)
);
--> statement-breakpoint
CREATE TABLE "copilot_usage_daily" (
	"meeting_id" text NOT NULL,
	"day" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"model_requests" integer DEFAULT 0 NOT NULL,
	"builtin_requests" integer DEFAULT 0 NOT NULL,
	"failed_requests" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "copilot_usage_daily_meeting_id_day_pk" PRIMARY KEY("meeting_id","day")
);
--> statement-breakpoint
CREATE TABLE "live_minutes" (
	"id" text PRIMARY KEY NOT NULL,
	"live_id" text NOT NULL,
	"language" text NOT NULL,
	"engine" text NOT NULL,
	"body" jsonb NOT NULL,
	"cue_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_minutes_language" UNIQUE("live_id","language"),
	CONSTRAINT "live_minutes_engine" CHECK ("live_minutes"."engine" in ('model', 'extractive'))
);
--> statement-breakpoint
CREATE TABLE "live_subtitle_cues" (
	"id" text PRIMARY KEY NOT NULL,
	"live_id" text NOT NULL,
	"seq" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"audio_end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_subtitle_cues_seq" UNIQUE("live_id","seq"),
	CONSTRAINT "live_subtitle_cues_times" CHECK ("live_subtitle_cues"."end_ms" >= "live_subtitle_cues"."start_ms" and "live_subtitle_cues"."start_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "live_subtitle_languages" (
	"live_id" text NOT NULL,
	"language" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_subtitle_languages_live_id_language_pk" PRIMARY KEY("live_id","language")
);
--> statement-breakpoint
CREATE TABLE "live_subtitle_runs" (
	"live_id" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"worker_id" text DEFAULT '' NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"offset_ms" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_subtitle_runs_state" CHECK ("live_subtitle_runs"."state" in ('idle', 'running', 'ended', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "live_subtitle_settings" (
	"live_id" text PRIMARY KEY NOT NULL,
	"enabled" smallint DEFAULT 0 NOT NULL,
	"source_language" text DEFAULT 'zh' NOT NULL,
	"target_languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_subtitle_settings_flags" CHECK ("live_subtitle_settings"."enabled" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "live_subtitle_translations" (
	"cue_id" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_subtitle_translations_cue_id_language_pk" PRIMARY KEY("cue_id","language")
);
--> statement-breakpoint
ALTER TABLE "copilot_asker_daily" ADD CONSTRAINT "copilot_asker_daily_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_conversations" ADD CONSTRAINT "copilot_conversations_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_conversations" ADD CONSTRAINT "copilot_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_faqs" ADD CONSTRAINT "copilot_faqs_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_messages" ADD CONSTRAINT "copilot_messages_conversation_id_copilot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."copilot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_messages" ADD CONSTRAINT "copilot_messages_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_settings" ADD CONSTRAINT "copilot_settings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copilot_usage_daily" ADD CONSTRAINT "copilot_usage_daily_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_minutes" ADD CONSTRAINT "live_minutes_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_subtitle_cues" ADD CONSTRAINT "live_subtitle_cues_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_subtitle_languages" ADD CONSTRAINT "live_subtitle_languages_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_subtitle_runs" ADD CONSTRAINT "live_subtitle_runs_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_subtitle_settings" ADD CONSTRAINT "live_subtitle_settings_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_subtitle_translations" ADD CONSTRAINT "live_subtitle_translations_cue_id_live_subtitle_cues_id_fk" FOREIGN KEY ("cue_id") REFERENCES "public"."live_subtitle_cues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "copilot_conversations_asker_idx" ON "copilot_conversations" USING btree ("meeting_id","asker_key","closed");--> statement-breakpoint
CREATE INDEX "copilot_conversations_meeting_idx" ON "copilot_conversations" USING btree ("meeting_id","updated_at");--> statement-breakpoint
CREATE INDEX "copilot_faqs_meeting_idx" ON "copilot_faqs" USING btree ("meeting_id","enabled");--> statement-breakpoint
CREATE INDEX "copilot_messages_conversation_idx" ON "copilot_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "copilot_messages_flagged_idx" ON "copilot_messages" USING btree ("meeting_id") WHERE "copilot_messages"."flagged" = 1;--> statement-breakpoint
CREATE INDEX "live_minutes_live_idx" ON "live_minutes" USING btree ("live_id");