CREATE TABLE "thread_likes" (
	"target_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_likes_target_id_user_id_pk" PRIMARY KEY("target_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "thread_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"thread_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"moderation_state" text DEFAULT 'visible' NOT NULL,
	"like_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_reply_likes" (
	"target_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_reply_likes_target_id_user_id_pk" PRIMARY KEY("target_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pinned" smallint DEFAULT 0 NOT NULL,
	"closed" smallint DEFAULT 0 NOT NULL,
	"moderation_state" text DEFAULT 'visible' NOT NULL,
	"like_total" integer DEFAULT 0 NOT NULL,
	"reply_total" integer DEFAULT 0 NOT NULL,
	"last_reply_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "thread_likes" ADD CONSTRAINT "thread_likes_target_id_threads_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_likes" ADD CONSTRAINT "thread_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_replies" ADD CONSTRAINT "thread_replies_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_replies" ADD CONSTRAINT "thread_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reply_likes" ADD CONSTRAINT "thread_reply_likes_target_id_thread_replies_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."thread_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reply_likes" ADD CONSTRAINT "thread_reply_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_likes_user_idx" ON "thread_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "thread_replies_thread_idx" ON "thread_replies" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "thread_reply_likes_user_idx" ON "thread_reply_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "threads_meeting_list_idx" ON "threads" USING btree ("meeting_id","moderation_state","pinned","created_at");--> statement-breakpoint
CREATE INDEX "threads_user_idx" ON "threads" USING btree ("user_id","created_at");