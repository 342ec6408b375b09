CREATE TABLE "agenda_lives" (
	"agenda_id" text NOT NULL,
	"live_id" text NOT NULL,
	CONSTRAINT "agenda_lives_agenda_id_live_id_pk" PRIMARY KEY("agenda_id","live_id")
);
--> statement-breakpoint
CREATE TABLE "agenda_speakers" (
	"agenda_id" text NOT NULL,
	"speaker_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "agenda_speakers_agenda_id_speaker_id_pk" PRIMARY KEY("agenda_id","speaker_id")
);
--> statement-breakpoint
CREATE TABLE "agendas" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"room_id" text,
	"track_id" text,
	"guid" text NOT NULL,
	"external_id" integer,
	"code" text,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"subtitle" jsonb DEFAULT '""'::jsonb NOT NULL,
	"abstract" jsonb DEFAULT '""'::jsonb NOT NULL,
	"description" jsonb DEFAULT '""'::jsonb NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"language" text,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"source_date" text,
	"url" text,
	"slug" text,
	"logo" text,
	"recording_license" text,
	"do_not_record" boolean,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enable_show" smallint DEFAULT 1 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agendas_end_after_start" CHECK ("agendas"."end" >= "agendas"."start")
);
--> statement-breakpoint
CREATE TABLE "lives" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"enable_show" smallint DEFAULT 1 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"name" text NOT NULL,
	"guid" text,
	"slug" text,
	"type" text,
	"description" jsonb,
	"capacity" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_listed" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"color" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"type" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"content" jsonb DEFAULT '""'::jsonb NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"type" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"parent_id" text,
	"link" text DEFAULT '' NOT NULL,
	"mobile_link" text DEFAULT '' NOT NULL,
	"raw" smallint DEFAULT 0 NOT NULL,
	"open_link_in_frame" smallint DEFAULT 0 NOT NULL,
	"mobile_open_link_in_frame" smallint DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"meeting_id" text NOT NULL,
	"user_id" text,
	"device_id" text,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" text PRIMARY KEY NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"description" jsonb DEFAULT '""'::jsonb NOT NULL,
	"acronym" text DEFAULT '' NOT NULL,
	"domain" text,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"venue" jsonb DEFAULT '""'::jsonb NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"limits_type" integer DEFAULT 0 NOT NULL,
	"allow_guest_view" smallint DEFAULT 1 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"exhibition" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"appointments" integer DEFAULT 0 NOT NULL,
	"old" integer DEFAULT 0 NOT NULL,
	"block_release_version" integer DEFAULT 1 NOT NULL,
	"block_draft_version" integer DEFAULT 1 NOT NULL,
	"activity_provider_id" text,
	"wechat_authorizer_appid" text,
	"activities" integer DEFAULT 0 NOT NULL,
	"views_total" integer DEFAULT 0 NOT NULL,
	"schedule" jsonb,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_views_total_nonnegative" CHECK ("meetings"."views_total" >= 0),
	CONSTRAINT "meetings_end_after_start" CHECK ("meetings"."end" >= "meetings"."start")
);
--> statement-breakpoint
CREATE TABLE "speakers" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"source_key" text,
	"external_id" integer,
	"code" text,
	"guid" text,
	"name" text NOT NULL,
	"work_title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"company" jsonb DEFAULT '""'::jsonb NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"biography" jsonb DEFAULT '""'::jsonb NOT NULL,
	"category_id" text,
	"user_id" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agenda_lives" ADD CONSTRAINT "agenda_lives_agenda_id_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."agendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_lives" ADD CONSTRAINT "agenda_lives_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_speakers" ADD CONSTRAINT "agenda_speakers_agenda_id_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."agendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_speakers" ADD CONSTRAINT "agenda_speakers_speaker_id_speakers_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."speakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendas" ADD CONSTRAINT "agendas_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendas" ADD CONSTRAINT "agendas_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendas" ADD CONSTRAINT "agendas_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_views" ADD CONSTRAINT "meeting_views_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speakers" ADD CONSTRAINT "speakers_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speakers" ADD CONSTRAINT "speakers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_speakers_speaker_idx" ON "agenda_speakers" USING btree ("speaker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agendas_meeting_guid_uq" ON "agendas" USING btree ("meeting_id","guid");--> statement-breakpoint
CREATE INDEX "agendas_meeting_start_idx" ON "agendas" USING btree ("meeting_id","start");--> statement-breakpoint
CREATE INDEX "lives_meeting_idx" ON "lives" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_meeting_name_uq" ON "rooms" USING btree ("meeting_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tracks_meeting_name_uq" ON "tracks" USING btree ("meeting_id","name");--> statement-breakpoint
CREATE INDEX "blocks_meeting_version_idx" ON "blocks" USING btree ("meeting_id","version","weight");--> statement-breakpoint
CREATE INDEX "categories_meeting_type_idx" ON "categories" USING btree ("meeting_id","type","weight");--> statement-breakpoint
CREATE INDEX "meeting_views_meeting_idx" ON "meeting_views" USING btree ("meeting_id","created_at");--> statement-breakpoint
CREATE INDEX "meetings_domain_idx" ON "meetings" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "speakers_meeting_source_key_uq" ON "speakers" USING btree ("meeting_id","source_key");--> statement-breakpoint
CREATE INDEX "speakers_meeting_idx" ON "speakers" USING btree ("meeting_id","weight");--> statement-breakpoint
CREATE INDEX "speakers_user_idx" ON "speakers" USING btree ("user_id");