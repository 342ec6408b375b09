CREATE TABLE "search_index_versions" (
	"meeting_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"meeting_id" text NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "search_terms_meeting_id_term_pk" PRIMARY KEY("meeting_id","term")
);
--> statement-breakpoint
ALTER TABLE "search_index_versions" ADD CONSTRAINT "search_index_versions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "search_documents" DROP COLUMN "body_text";--> statement-breakpoint
-- The typo vocabulary of what is indexed already: title words (weight A) of Latin script, 4+ letters.
INSERT INTO "search_terms" ("meeting_id", "term")
SELECT DISTINCT d."meeting_id", w.lexeme
FROM "search_documents" d, unnest(d."words") AS w(lexeme, positions, weights)
WHERE 'A' = ANY(w.weights) AND w.lexeme ~ '^[a-z\u00DF-\u00FF\u0100-\u024F\u1E00-\u1EFF]{4,}$'
ON CONFLICT DO NOTHING;
