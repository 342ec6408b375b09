DROP INDEX "moderation_items_target_uq";--> statement-breakpoint
ALTER TABLE "moderation_reports" DROP CONSTRAINT "moderation_reports_kind_target_id_reporter_id_pk";--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_meeting_id_kind_target_id_reporter_id_pk" PRIMARY KEY("meeting_id","kind","target_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_meeting_target_uq" ON "moderation_items" USING btree ("meeting_id","kind","target_id");