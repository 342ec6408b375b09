CREATE TABLE "meeting_sso_providers" (
	"meeting_id" text NOT NULL,
	"provider" text NOT NULL,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text,
	"scopes" text DEFAULT 'openid profile email phone' NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_sso_providers_meeting_id_provider_pk" PRIMARY KEY("meeting_id","provider")
);
--> statement-breakpoint
CREATE TABLE "meeting_wechat_settings" (
	"meeting_id" text PRIMARY KEY NOT NULL,
	"official_mode" text DEFAULT 'server' NOT NULL,
	"official_appid" text,
	"official_secret_sealed" text,
	"official_token_sealed" text,
	"official_aes_key_sealed" text,
	"official_name" text DEFAULT '' NOT NULL,
	"official_qrcode_url" text DEFAULT '' NOT NULL,
	"authorizer_appid" text,
	"authorizer_refresh_token_sealed" text,
	"authorizer_name" text DEFAULT '' NOT NULL,
	"authorizer_func_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"authorized_at" timestamp with time zone,
	"mini_appid" text,
	"mini_secret_sealed" text,
	"mini_env_version" text DEFAULT 'release' NOT NULL,
	"login_methods" jsonb DEFAULT '{"phone":1,"email":1,"exhibitor":1,"wechat":1,"google":1,"facebook":1,"chinaief":0}'::jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_wechat_settings_mode" CHECK ("meeting_wechat_settings"."official_mode" in ('server', 'own', 'platform')),
	CONSTRAINT "meeting_wechat_settings_env" CHECK ("meeting_wechat_settings"."mini_env_version" in ('release', 'trial', 'develop'))
);
--> statement-breakpoint
CREATE TABLE "user_wechat_openids" (
	"appid" text NOT NULL,
	"openid" text NOT NULL,
	"user_id" text NOT NULL,
	"unionid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_wechat_openids_appid_openid_pk" PRIMARY KEY("appid","openid")
);
--> statement-breakpoint
CREATE TABLE "wechat_qr_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"appid" text NOT NULL,
	"openid" text,
	"unionid" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "wechat_qr_logins_status" CHECK ("wechat_qr_logins"."status" in ('pending', 'scanned', 'needs_bind', 'consumed'))
);
--> statement-breakpoint
CREATE TABLE "wechat_tickets" (
	"appid" text NOT NULL,
	"kind" text NOT NULL,
	"value_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_tickets_appid_kind_pk" PRIMARY KEY("appid","kind")
);
--> statement-breakpoint
DROP INDEX "pages_meeting_kind_unique";--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "meeting_sso_providers" ADD CONSTRAINT "meeting_sso_providers_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_sso_providers" ADD CONSTRAINT "meeting_sso_providers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_wechat_settings" ADD CONSTRAINT "meeting_wechat_settings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_wechat_settings" ADD CONSTRAINT "meeting_wechat_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wechat_openids" ADD CONSTRAINT "user_wechat_openids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_qr_logins" ADD CONSTRAINT "wechat_qr_logins_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_qr_logins" ADD CONSTRAINT "wechat_qr_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_wechat_openids_user_idx" ON "user_wechat_openids" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wechat_qr_logins_expires_idx" ON "wechat_qr_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_meeting_slug_unique" ON "pages" USING btree ("meeting_id","slug") WHERE "pages"."kind" = 'microsite' and "pages"."deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_meeting_kind_unique" ON "pages" USING btree ("meeting_id","kind") WHERE "pages"."kind" not in ('introduction', 'microsite') and "pages"."deleted" = 0;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_slug_only_microsite" CHECK (("pages"."kind" = 'microsite') = ("pages"."slug" is not null));