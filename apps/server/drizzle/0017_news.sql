CREATE TABLE "news" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"category_id" text,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '""'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"created_by" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"weight" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"views_total" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_meeting_public_idx" ON "news" USING btree ("meeting_id","status","weight","published_at");--> statement-breakpoint
CREATE INDEX "news_category_idx" ON "news" USING btree ("category_id");