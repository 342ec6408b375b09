CREATE TABLE "demand_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"demand_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"moderation_state" text DEFAULT 'visible' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demand_likes" (
	"demand_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demand_likes_demand_id_user_id_pk" PRIMARY KEY("demand_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "demands" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"type" text DEFAULT 'demand' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"industry_category_id" text,
	"category_id" text,
	"area" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hide_contact" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"moderation_state" text DEFAULT 'visible' NOT NULL,
	"like_total" integer DEFAULT 0 NOT NULL,
	"comment_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demand_comments" ADD CONSTRAINT "demand_comments_demand_id_demands_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."demands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_comments" ADD CONSTRAINT "demand_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_likes" ADD CONSTRAINT "demand_likes_demand_id_demands_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."demands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_likes" ADD CONSTRAINT "demand_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_industry_category_id_categories_id_fk" FOREIGN KEY ("industry_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demand_comments_demand_idx" ON "demand_comments" USING btree ("demand_id","created_at");--> statement-breakpoint
CREATE INDEX "demand_comments_user_idx" ON "demand_comments" USING btree ("user_id","demand_id");--> statement-breakpoint
CREATE INDEX "demand_likes_user_idx" ON "demand_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "demands_meeting_list_idx" ON "demands" USING btree ("meeting_id","moderation_state","created_at");--> statement-breakpoint
CREATE INDEX "demands_meeting_hot_idx" ON "demands" USING btree ("meeting_id","moderation_state","like_total");--> statement-breakpoint
CREATE INDEX "demands_user_idx" ON "demands" USING btree ("user_id","created_at");