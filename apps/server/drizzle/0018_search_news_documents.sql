-- Search index upkeep for news (§3 News) and meeting documents (/meeting/doc), added after their
-- tables: the same stale marks as the programme and exhibitor tables (migration 0015).
CREATE OR REPLACE FUNCTION search_mark_dirty_content() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'news' THEN
    INSERT INTO search_dirty (item_type, item_id, meeting_id) VALUES ('news', r.id, r.meeting_id);
  ELSIF TG_TABLE_NAME = 'meeting_attachments' THEN
    INSERT INTO search_dirty (item_type, item_id, meeting_id) VALUES ('document', r.id, r.meeting_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_dirty_news_ins_del AFTER INSERT OR DELETE ON news FOR EACH ROW EXECUTE FUNCTION search_mark_dirty_content();
--> statement-breakpoint
CREATE TRIGGER search_dirty_news_upd AFTER UPDATE ON news FOR EACH ROW WHEN (
  OLD.title IS DISTINCT FROM NEW.title OR OLD.summary IS DISTINCT FROM NEW.summary
  OR OLD.content IS DISTINCT FROM NEW.content OR OLD.cover IS DISTINCT FROM NEW.cover
  OR OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at
  OR OLD.deleted IS DISTINCT FROM NEW.deleted OR OLD.weight IS DISTINCT FROM NEW.weight
) EXECUTE FUNCTION search_mark_dirty_content();
--> statement-breakpoint
CREATE TRIGGER search_dirty_documents_ins_del AFTER INSERT OR DELETE ON meeting_attachments FOR EACH ROW EXECUTE FUNCTION search_mark_dirty_content();
--> statement-breakpoint
CREATE TRIGGER search_dirty_documents_upd AFTER UPDATE ON meeting_attachments FOR EACH ROW WHEN (
  OLD.title IS DISTINCT FROM NEW.title OR OLD.file_name IS DISTINCT FROM NEW.file_name
  OR OLD.deleted IS DISTINCT FROM NEW.deleted OR OLD.weight IS DISTINCT FROM NEW.weight
) EXECUTE FUNCTION search_mark_dirty_content();
--> statement-breakpoint
INSERT INTO search_dirty (item_type, item_id, meeting_id)
  SELECT 'news', id, meeting_id FROM news WHERE deleted = 0
  UNION ALL SELECT 'document', id, meeting_id FROM meeting_attachments WHERE deleted = 0;
