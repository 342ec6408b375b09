CREATE TABLE "search_dirty" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_dirty_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"meeting_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"meeting_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"parent_id" text DEFAULT '' NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"title_text" text NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"words" "tsvector" NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_meeting_id_item_type_item_id_pk" PRIMARY KEY("meeting_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "search_keywords" (
	"id" text PRIMARY KEY NOT NULL,
	"meeting_id" text NOT NULL,
	"user_id" text NOT NULL,
	"keyword" text NOT NULL,
	"result_total" integer DEFAULT 0 NOT NULL,
	"is_cleared" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_rebuilds" (
	"meeting_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_keywords" ADD CONSTRAINT "search_keywords_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_rebuilds" ADD CONSTRAINT "search_rebuilds_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_dirty_meeting_idx" ON "search_dirty" USING btree ("meeting_id","id");--> statement-breakpoint
CREATE INDEX "search_documents_item_idx" ON "search_documents" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words");--> statement-breakpoint
CREATE INDEX "search_documents_title_trgm_idx" ON "search_documents" USING gin ("title_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_keywords_meeting_time_idx" ON "search_keywords" USING btree ("meeting_id","created_at");--> statement-breakpoint
CREATE INDEX "search_keywords_user_idx" ON "search_keywords" USING btree ("meeting_id","user_id","created_at");--> statement-breakpoint
-- Search index upkeep (/meeting/search, §2): row triggers on the searchable tables mark the changed
-- item stale in search_dirty inside the writer's own transaction; the app re-segments it in Node.
-- Updates fire only when a searched or visibility column changed, never for counters (views, likes).
CREATE OR REPLACE FUNCTION search_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'agendas' THEN
    INSERT INTO search_dirty (item_type, item_id, meeting_id) VALUES ('agenda', r.id, r.meeting_id);
  ELSIF TG_TABLE_NAME = 'agenda_speakers' THEN
    INSERT INTO search_dirty (item_type, item_id, meeting_id)
      SELECT 'agenda', a.id, a.meeting_id FROM agendas a WHERE a.id = r.agenda_id;
  ELSIF TG_TABLE_NAME = 'speakers' THEN
    INSERT INTO search_dirty (item_type, item_id, meeting_id) VALUES ('speaker', r.id, r.meeting_id);
    IF TG_OP = 'UPDATE' AND OLD.name IS DISTINCT FROM NEW.name THEN
      INSERT INTO search_dirty (item_type, item_id, meeting_id)
        SELECT 'agenda', s.agenda_id, r.meeting_id FROM agenda_speakers s WHERE s.speaker_id = r.id;
    END IF;
  ELSIF TG_TABLE_NAME = 'exhibitors' THEN
    INSERT INTO search_dirty (item_type, item_id, meeting_id) VALUES ('exhibitor', r.id, r.meeting_id);
  ELSIF TG_TABLE_NAME = 'enterprises' THEN
    INSERT INTO search_dirty (item_type, item_id, meeting_id) VALUES ('enterprise', r.id, NULL);
  ELSIF TG_TABLE_NAME = 'products' THEN
    INSERT INTO search_dirty (item_type, item_id, meeting_id) VALUES ('product', r.id, r.meeting_id);
    IF TG_OP = 'UPDATE' AND OLD.meeting_id IS DISTINCT FROM NEW.meeting_id THEN
      INSERT INTO search_dirty (item_type, item_id, meeting_id) VALUES ('product', r.id, OLD.meeting_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_dirty_agendas_ins_del AFTER INSERT OR DELETE ON agendas FOR EACH ROW EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER search_dirty_agendas_upd AFTER UPDATE ON agendas FOR EACH ROW WHEN (
  OLD.title IS DISTINCT FROM NEW.title OR OLD.subtitle IS DISTINCT FROM NEW.subtitle
  OR OLD.abstract IS DISTINCT FROM NEW.abstract OR OLD.description IS DISTINCT FROM NEW.description
  OR OLD.deleted IS DISTINCT FROM NEW.deleted OR OLD.enable_show IS DISTINCT FROM NEW.enable_show
  OR OLD.start IS DISTINCT FROM NEW.start OR OLD.room_id IS DISTINCT FROM NEW.room_id
  OR OLD.logo IS DISTINCT FROM NEW.logo
) EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER search_dirty_agenda_speakers AFTER INSERT OR DELETE ON agenda_speakers FOR EACH ROW EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER search_dirty_speakers_ins_del AFTER INSERT OR DELETE ON speakers FOR EACH ROW EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER search_dirty_speakers_upd AFTER UPDATE ON speakers FOR EACH ROW WHEN (
  OLD.name IS DISTINCT FROM NEW.name OR OLD.work_title IS DISTINCT FROM NEW.work_title
  OR OLD.company IS DISTINCT FROM NEW.company OR OLD.biography IS DISTINCT FROM NEW.biography
  OR OLD.photo IS DISTINCT FROM NEW.photo OR OLD.deleted IS DISTINCT FROM NEW.deleted
  OR OLD.weight IS DISTINCT FROM NEW.weight
) EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER search_dirty_exhibitors_ins_del AFTER INSERT OR DELETE ON exhibitors FOR EACH ROW EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER search_dirty_exhibitors_upd AFTER UPDATE ON exhibitors FOR EACH ROW WHEN (
  OLD.booth IS DISTINCT FROM NEW.booth OR OLD.deleted IS DISTINCT FROM NEW.deleted
  OR OLD.is_shown IS DISTINCT FROM NEW.is_shown OR OLD.weight IS DISTINCT FROM NEW.weight
  OR OLD.enterprise_id IS DISTINCT FROM NEW.enterprise_id
) EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER search_dirty_enterprises_ins_del AFTER INSERT OR DELETE ON enterprises FOR EACH ROW EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER search_dirty_enterprises_upd AFTER UPDATE ON enterprises FOR EACH ROW WHEN (
  OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description
  OR OLD.logo IS DISTINCT FROM NEW.logo OR OLD.deleted IS DISTINCT FROM NEW.deleted
) EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER search_dirty_products_ins_del AFTER INSERT OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER search_dirty_products_upd AFTER UPDATE ON products FOR EACH ROW WHEN (
  OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description
  OR OLD.images IS DISTINCT FROM NEW.images OR OLD.deleted IS DISTINCT FROM NEW.deleted
  OR OLD.is_shown IS DISTINCT FROM NEW.is_shown OR OLD.meeting_id IS DISTINCT FROM NEW.meeting_id
  OR OLD.enterprise_id IS DISTINCT FROM NEW.enterprise_id OR OLD.weight IS DISTINCT FROM NEW.weight
) EXECUTE FUNCTION search_mark_dirty();
--> statement-breakpoint
-- Rows written before this migration are marked stale too: the first search or drain job indexes them.
INSERT INTO search_dirty (item_type, item_id, meeting_id)
  SELECT 'agenda', id, meeting_id FROM agendas WHERE deleted = 0
  UNION ALL SELECT 'speaker', id, meeting_id FROM speakers WHERE deleted = 0
  UNION ALL SELECT 'exhibitor', id, meeting_id FROM exhibitors WHERE deleted = 0
  UNION ALL SELECT 'product', id, meeting_id FROM products WHERE deleted = 0;
