-- Change tracking for the in-memory search index (search/engine): every insert or update of an entry or
-- upload takes a new number from one sequence, and deleted entries leave a numbered tombstone, so the
-- index reads only what changed since the last number it has seen.
CREATE SEQUENCE search_change_seq;

ALTER TABLE entries ADD COLUMN search_seq bigint NOT NULL DEFAULT nextval('search_change_seq');
CREATE INDEX entries_search_seq ON entries (search_seq);
ALTER TABLE uploads ADD COLUMN search_seq bigint NOT NULL DEFAULT nextval('search_change_seq');
CREATE INDEX uploads_search_seq ON uploads (search_seq);

CREATE TABLE search_deletions (
  search_seq bigint PRIMARY KEY DEFAULT nextval('search_change_seq'),
  entry_id text NOT NULL
);

CREATE FUNCTION search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_seq := nextval('search_change_seq');
  RETURN NEW;
END $$;

CREATE FUNCTION search_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_deletions (entry_id) VALUES (OLD.entry_id);
  RETURN OLD;
END $$;

-- A user's name is part of the documents of their uploads (authors, main_author).
CREATE FUNCTION search_touch_user_uploads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.first_name IS DISTINCT FROM OLD.first_name OR NEW.last_name IS DISTINCT FROM OLD.last_name THEN
    UPDATE uploads SET search_seq = nextval('search_change_seq')
    WHERE main_author = NEW.user_id OR NEW.user_id = ANY (coauthors) OR NEW.user_id = ANY (reviewers);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER entries_search_touch BEFORE UPDATE ON entries FOR EACH ROW EXECUTE FUNCTION search_touch();
CREATE TRIGGER uploads_search_touch BEFORE UPDATE ON uploads FOR EACH ROW EXECUTE FUNCTION search_touch();
CREATE TRIGGER entries_search_tombstone AFTER DELETE ON entries FOR EACH ROW EXECUTE FUNCTION search_tombstone();
CREATE TRIGGER users_search_touch AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION search_touch_user_uploads();
