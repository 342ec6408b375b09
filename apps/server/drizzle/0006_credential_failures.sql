CREATE TABLE "credential_failures" (
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "credential_failures_scope_key_hash_pk" PRIMARY KEY("scope","key_hash")
);
--> statement-breakpoint
CREATE INDEX "credential_failures_last_failure_idx" ON "credential_failures" USING btree ("last_failure_at");