-- Exhibitor accounts left pointing at an enterprise that no longer exists (a re-seed removed it)
-- are unbound first, so the constraint below can be added to any existing database.
UPDATE "exhibitor_accounts" SET "enterprise_id" = NULL
WHERE "enterprise_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "enterprises" e WHERE e."id" = "exhibitor_accounts"."enterprise_id");--> statement-breakpoint
ALTER TABLE "exhibitor_accounts" ADD CONSTRAINT "exhibitor_accounts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE set null ON UPDATE no action;
