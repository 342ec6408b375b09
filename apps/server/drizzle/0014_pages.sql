CREATE TABLE "block_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"version" integer NOT NULL,
	"origin" text NOT NULL,
	"source_version" integer,
	"revision" integer DEFAULT 0 NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "page_id" text;--> statement-breakpoint
ALTER TABLE "block_versions" ADD CONSTRAINT "block_versions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_versions" ADD CONSTRAINT "block_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "block_versions_meeting_version_unique" ON "block_versions" USING btree ("meeting_id","version");--> statement-breakpoint
CREATE INDEX "pages_meeting_idx" ON "pages" USING btree ("meeting_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_meeting_kind_unique" ON "pages" USING btree ("meeting_id","kind") WHERE "pages"."kind" <> 'introduction' and "pages"."deleted" = 0;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_page_version_idx" ON "blocks" USING btree ("page_id","version");