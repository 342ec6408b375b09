CREATE TABLE "meeting_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"category_id" text,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"views_total" bigint DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "footprints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "footprints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"meeting_id" text,
	"views_total" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "view_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"meeting_id" text,
	"user_id" text,
	"device_id" text,
	"source_id" text,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_totals" (
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"meeting_id" text,
	"views_total" bigint DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "view_totals_target_type_target_id_pk" PRIMARY KEY("target_type","target_id")
);
--> statement-breakpoint
ALTER TABLE "meeting_attachments" ADD CONSTRAINT "meeting_attachments_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attachments" ADD CONSTRAINT "meeting_attachments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_attachments_meeting_idx" ON "meeting_attachments" USING btree ("meeting_id","deleted","weight");--> statement-breakpoint
CREATE UNIQUE INDEX "footprints_owner_target_unique" ON "footprints" USING btree ("owner","target_type","target_id");--> statement-breakpoint
CREATE INDEX "footprints_owner_recent_idx" ON "footprints" USING btree ("owner","last_viewed_at");--> statement-breakpoint
CREATE INDEX "view_totals_meeting_idx" ON "view_totals" USING btree ("meeting_id","target_type","views_total");