ALTER TABLE "copilot_asker_daily" ADD COLUMN "last_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "copilot_asker_daily" ADD COLUMN "busy_until" timestamp with time zone;