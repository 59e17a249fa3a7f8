-- Curation: what users set on entries (comment, references, an entry name of their own) lives apart from
-- what processing writes into `metadata`, so reprocessing keeps it; the search document merges both.
ALTER TABLE entries ADD COLUMN user_metadata jsonb NOT NULL DEFAULT '{}';

-- An entry's datasets are part of its search document: a change of membership, or of a dataset's name or
-- DOI, gives the entries concerned a new change number so the search index reads them again.
CREATE FUNCTION search_touch_dataset_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE entries SET search_seq = nextval('search_change_seq')
  WHERE entry_id IN (SELECT entry_id FROM changed_rows);
  RETURN NULL;
END $$;

-- One trigger per event: a trigger with a transition table may fire for one kind of event only.
CREATE TRIGGER dataset_entries_added AFTER INSERT ON dataset_entries
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch_dataset_members();
CREATE TRIGGER dataset_entries_removed AFTER DELETE ON dataset_entries
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch_dataset_members();

CREATE FUNCTION search_touch_dataset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE entries SET search_seq = nextval('search_change_seq')
  WHERE entry_id IN (SELECT entry_id FROM dataset_entries WHERE dataset_id = NEW.dataset_id);
  RETURN NULL;
END $$;

CREATE TRIGGER datasets_search_touch AFTER UPDATE ON datasets
  FOR EACH ROW
  WHEN (OLD.dataset_name IS DISTINCT FROM NEW.dataset_name OR OLD.doi IS DISTINCT FROM NEW.doi
        OR OLD.dataset_modified_time IS DISTINCT FROM NEW.dataset_modified_time
        OR OLD.dataset_type IS DISTINCT FROM NEW.dataset_type)
  EXECUTE FUNCTION search_touch_dataset();

-- The periodic embargo check reads only published uploads still under embargo.
CREATE INDEX uploads_under_embargo ON uploads (publish_time) WHERE published AND with_embargo;
