-- The section definitions of users' schema files by their definition id (a hash of the definition,
-- processing/schema/definition-ids.ts), so that a section is found by its id, the versionHash of
-- metainfo URLs (GET metainfo/{id}). Written when an entry is processed; they go with their entry.
CREATE TABLE section_definitions (
  definition_id text NOT NULL,
  entry_id text NOT NULL REFERENCES entries (entry_id) ON DELETE CASCADE,
  path text NOT NULL,
  PRIMARY KEY (definition_id, entry_id, path)
);
CREATE INDEX section_definitions_entry ON section_definitions (entry_id);
