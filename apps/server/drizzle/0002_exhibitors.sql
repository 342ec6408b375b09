CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" text PRIMARY KEY NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"description" jsonb DEFAULT '""'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" jsonb DEFAULT '""'::jsonb NOT NULL,
	"industry_category_id" text,
	"likes_total" integer DEFAULT 0 NOT NULL,
	"awesomes_total" integer DEFAULT 0 NOT NULL,
	"views_total" integer DEFAULT 0 NOT NULL,
	"calls_total" integer DEFAULT 0 NOT NULL,
	"mails_total" integer DEFAULT 0 NOT NULL,
	"attachment_views_total" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprises_counters_nonnegative" CHECK ("enterprises"."likes_total" >= 0 and "enterprises"."awesomes_total" >= 0 and "enterprises"."views_total" >= 0 and "enterprises"."calls_total" >= 0 and "enterprises"."mails_total" >= 0 and "enterprises"."attachment_views_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "interactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"meeting_id" text,
	"user_id" text,
	"device_id" text,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_user_id_kind_target_type_target_id_pk" PRIMARY KEY("user_id","kind","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "exhibition_view_totals" (
	"meeting_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"views_total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exhibition_view_totals_meeting_id_kind_target_pk" PRIMARY KEY("meeting_id","kind","target")
);
--> statement-breakpoint
CREATE TABLE "exhibitor_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text,
	"company" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibitor_bindings" (
	"user_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"exhibitor_account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exhibitor_bindings_user_id_meeting_id_pk" PRIMARY KEY("user_id","meeting_id")
);
--> statement-breakpoint
CREATE TABLE "exhibitors" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"enterprise_id" text NOT NULL,
	"booth" text DEFAULT '' NOT NULL,
	"exhibitor_group_category_id" text,
	"industry_category_id" text,
	"weight" integer DEFAULT 0 NOT NULL,
	"is_shown" smallint DEFAULT 1 NOT NULL,
	"views_total" integer DEFAULT 0 NOT NULL,
	"calls_total" integer DEFAULT 0 NOT NULL,
	"mails_total" integer DEFAULT 0 NOT NULL,
	"attachment_views_total" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exhibitors_counters_nonnegative" CHECK ("exhibitors"."views_total" >= 0 and "exhibitors"."calls_total" >= 0 and "exhibitors"."mails_total" >= 0 and "exhibitors"."attachment_views_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"enterprise_id" text NOT NULL,
	"meeting_id" text,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" jsonb DEFAULT '""'::jsonb NOT NULL,
	"category_id" text,
	"likes_total" integer DEFAULT 0 NOT NULL,
	"awesomes_total" integer DEFAULT 0 NOT NULL,
	"views_total" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_counters_nonnegative" CHECK ("products"."likes_total" >= 0 and "products"."awesomes_total" >= 0 and "products"."views_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_industry_category_id_categories_id_fk" FOREIGN KEY ("industry_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_view_totals" ADD CONSTRAINT "exhibition_view_totals_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_applications" ADD CONSTRAINT "exhibitor_applications_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_applications" ADD CONSTRAINT "exhibitor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_bindings" ADD CONSTRAINT "exhibitor_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_bindings" ADD CONSTRAINT "exhibitor_bindings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_bindings" ADD CONSTRAINT "exhibitor_bindings_exhibitor_account_id_exhibitor_accounts_id_fk" FOREIGN KEY ("exhibitor_account_id") REFERENCES "public"."exhibitor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD CONSTRAINT "exhibitors_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD CONSTRAINT "exhibitors_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD CONSTRAINT "exhibitors_exhibitor_group_category_id_categories_id_fk" FOREIGN KEY ("exhibitor_group_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD CONSTRAINT "exhibitors_industry_category_id_categories_id_fk" FOREIGN KEY ("industry_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enterprises_search_trgm_idx" ON "enterprises" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enterprises_search_fts_idx" ON "enterprises" USING gin (to_tsvector('english', "search_text"));--> statement-breakpoint
CREATE INDEX "enterprises_order_idx" ON "enterprises" USING btree ("weight","created_at","id");--> statement-breakpoint
CREATE INDEX "enterprises_industry_idx" ON "enterprises" USING btree ("industry_category_id");--> statement-breakpoint
CREATE INDEX "interactions_target_idx" ON "interactions" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "reactions_target_idx" ON "reactions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "exhibitor_applications_meeting_idx" ON "exhibitor_applications" USING btree ("meeting_id","created_at");--> statement-breakpoint
CREATE INDEX "exhibitor_bindings_account_idx" ON "exhibitor_bindings" USING btree ("exhibitor_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitors_meeting_enterprise_uq" ON "exhibitors" USING btree ("meeting_id","enterprise_id");--> statement-breakpoint
CREATE INDEX "exhibitors_pavilion_idx" ON "exhibitors" USING btree ("meeting_id","weight","created_at","id");--> statement-breakpoint
CREATE INDEX "exhibitors_enterprise_idx" ON "exhibitors" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_fts_idx" ON "products" USING gin (to_tsvector('english', "search_text"));--> statement-breakpoint
CREATE INDEX "products_order_idx" ON "products" USING btree ("weight","created_at","id");--> statement-breakpoint
CREATE INDEX "products_enterprise_idx" ON "products" USING btree ("enterprise_id","weight","created_at","id");--> statement-breakpoint
CREATE INDEX "products_meeting_idx" ON "products" USING btree ("meeting_id");