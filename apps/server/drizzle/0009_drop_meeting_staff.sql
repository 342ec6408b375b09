-- The staff list becomes the check-in and organiser grants of meeting_roles (DESIGN §7).
INSERT INTO "meeting_roles" ("id", "meeting_id", "role", "phone")
SELECT substr(md5("meeting_id" || "phone" || "role"), 1, 24), "meeting_id", "role", "phone" FROM "meeting_staff"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "meeting_staff" CASCADE;
