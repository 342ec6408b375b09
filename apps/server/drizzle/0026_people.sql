CREATE TABLE "agenda_bookmarks" (
	"user_id" text NOT NULL,
	"agenda_id" text NOT NULL,
	"meeting_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_bookmarks_user_id_agenda_id_pk" PRIMARY KEY("user_id","agenda_id")
);
--> statement-breakpoint
CREATE TABLE "friend_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"applicant_id" text NOT NULL,
	"target_id" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_applications_status_known" CHECK ("friend_applications"."status" in ('submitted', 'cancelled', 'ignored', 'accepted')),
	CONSTRAINT "friend_applications_not_self" CHECK ("friend_applications"."applicant_id" <> "friend_applications"."target_id"),
	CONSTRAINT "friend_applications_message_length" CHECK (char_length("friend_applications"."message") <= 200)
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"user_id" text NOT NULL,
	"friend_id" text NOT NULL,
	"meeting_id" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friendships_user_id_friend_id_pk" PRIMARY KEY("user_id","friend_id"),
	CONSTRAINT "friendships_not_self" CHECK ("friendships"."user_id" <> "friendships"."friend_id"),
	CONSTRAINT "friendships_source_known" CHECK ("friendships"."source" in ('application', 'card'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"mail" smallint DEFAULT 1 NOT NULL,
	"sms" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_flags" CHECK ("notification_preferences"."mail" in (0, 1) and "notification_preferences"."sms" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"meeting_id" text,
	"kind" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_user_profiles" (
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"exposure" smallint DEFAULT 0 NOT NULL,
	"card_exchange" smallint DEFAULT 1 NOT NULL,
	"special_identity" smallint DEFAULT 0 NOT NULL,
	"special_identity_label" text DEFAULT '' NOT NULL,
	"membership_level" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"industry_id" text,
	"introduction" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_user_profiles_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id"),
	CONSTRAINT "meeting_user_profiles_flags" CHECK ("meeting_user_profiles"."exposure" in (0, 1) and "meeting_user_profiles"."card_exchange" in (0, 1) and "meeting_user_profiles"."special_identity" in (0, 1)),
	CONSTRAINT "meeting_user_profiles_level_known" CHECK ("meeting_user_profiles"."membership_level" is null or "meeting_user_profiles"."membership_level" in ('primer', 'senior', 'council', 'senior_council')),
	CONSTRAINT "meeting_user_profiles_introduction_length" CHECK (char_length("meeting_user_profiles"."introduction") <= 500)
);
--> statement-breakpoint
CREATE TABLE "speaker_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"speaker_id" text NOT NULL,
	"phone" text,
	"email" text,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by_user_id" text,
	"responded_user_id" text,
	"responded_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speaker_invitations_status_known" CHECK ("speaker_invitations"."status" in ('pending', 'accepted', 'declined', 'revoked')),
	CONSTRAINT "speaker_invitations_contact" CHECK ("speaker_invitations"."phone" is not null or "speaker_invitations"."email" is not null)
);
--> statement-breakpoint
CREATE TABLE "vote_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"vote_id" text NOT NULL,
	"player_id" text NOT NULL,
	"user_id" text NOT NULL,
	"count" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_answers_count_positive" CHECK ("vote_answers"."count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "vote_ballots" (
	"vote_id" text NOT NULL,
	"user_id" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"day_total" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_ballots_vote_id_user_id_pk" PRIMARY KEY("vote_id","user_id"),
	CONSTRAINT "vote_ballots_nonnegative" CHECK ("vote_ballots"."total" >= 0 and "vote_ballots"."day_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vote_players" (
	"id" text PRIMARY KEY NOT NULL,
	"vote_id" text NOT NULL,
	"name" jsonb DEFAULT '""'::jsonb NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"description" jsonb DEFAULT '""'::jsonb NOT NULL,
	"vote_total" integer DEFAULT 0 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_players_total_nonnegative" CHECK ("vote_players"."vote_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"title" jsonb DEFAULT '""'::jsonb NOT NULL,
	"description" jsonb DEFAULT '""'::jsonb NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"per_person_limit" integer DEFAULT 1 NOT NULL,
	"per_day_limit" integer DEFAULT 0 NOT NULL,
	"allow_withdraw" smallint DEFAULT 0 NOT NULL,
	"show_results" smallint DEFAULT 1 NOT NULL,
	"enable_show" smallint DEFAULT 1 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_window" CHECK ("votes"."end_at" > "votes"."start_at"),
	CONSTRAINT "votes_limits" CHECK ("votes"."per_person_limit" >= 1 and "votes"."per_day_limit" >= 0),
	CONSTRAINT "votes_flags" CHECK ("votes"."allow_withdraw" in (0, 1) and "votes"."show_results" in (0, 1) and "votes"."enable_show" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "agenda_bookmarks" ADD CONSTRAINT "agenda_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_bookmarks" ADD CONSTRAINT "agenda_bookmarks_agenda_id_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."agendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_bookmarks" ADD CONSTRAINT "agenda_bookmarks_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_applications" ADD CONSTRAINT "friend_applications_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_applications" ADD CONSTRAINT "friend_applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_applications" ADD CONSTRAINT "friend_applications_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_user_profiles" ADD CONSTRAINT "meeting_user_profiles_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_user_profiles" ADD CONSTRAINT "meeting_user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_user_profiles" ADD CONSTRAINT "meeting_user_profiles_industry_id_categories_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speaker_invitations" ADD CONSTRAINT "speaker_invitations_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speaker_invitations" ADD CONSTRAINT "speaker_invitations_speaker_id_speakers_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."speakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speaker_invitations" ADD CONSTRAINT "speaker_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speaker_invitations" ADD CONSTRAINT "speaker_invitations_responded_user_id_users_id_fk" FOREIGN KEY ("responded_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_answers" ADD CONSTRAINT "vote_answers_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_answers" ADD CONSTRAINT "vote_answers_player_id_vote_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."vote_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_answers" ADD CONSTRAINT "vote_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_ballots" ADD CONSTRAINT "vote_ballots_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_ballots" ADD CONSTRAINT "vote_ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_players" ADD CONSTRAINT "vote_players_vote_id_votes_id_fk" FOREIGN KEY ("vote_id") REFERENCES "public"."votes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_bookmarks_user_meeting_idx" ON "agenda_bookmarks" USING btree ("user_id","meeting_id");--> statement-breakpoint
CREATE INDEX "agenda_bookmarks_agenda_idx" ON "agenda_bookmarks" USING btree ("agenda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "friend_applications_pending_uq" ON "friend_applications" USING btree ("applicant_id","target_id") WHERE "friend_applications"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "friend_applications_target_idx" ON "friend_applications" USING btree ("target_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "friend_applications_applicant_idx" ON "friend_applications" USING btree ("applicant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "friendships_friend_idx" ON "friendships" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "meeting_user_profiles_exposed_idx" ON "meeting_user_profiles" USING btree ("meeting_id","updated_at" DESC NULLS LAST) WHERE "meeting_user_profiles"."exposure" = 1;--> statement-breakpoint
CREATE INDEX "meeting_user_profiles_tags_idx" ON "meeting_user_profiles" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "speaker_invitations_token_uq" ON "speaker_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "speaker_invitations_meeting_idx" ON "speaker_invitations" USING btree ("meeting_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "speaker_invitations_speaker_idx" ON "speaker_invitations" USING btree ("speaker_id");--> statement-breakpoint
CREATE INDEX "vote_answers_user_idx" ON "vote_answers" USING btree ("vote_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vote_answers_player_idx" ON "vote_answers" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "vote_players_vote_idx" ON "vote_players" USING btree ("vote_id","weight" DESC NULLS LAST,"created_at");--> statement-breakpoint
CREATE INDEX "votes_meeting_idx" ON "votes" USING btree ("meeting_id","weight" DESC NULLS LAST,"created_at" DESC NULLS LAST);