-- Datasets: named groups of entries across uploads (NOMAD's datasets), optionally with a DOI. A user's
-- dataset names are unique; a DOI names one dataset only.
CREATE TABLE datasets (
  dataset_id text PRIMARY KEY,
  dataset_name text NOT NULL,
  user_id text NOT NULL REFERENCES users (user_id),
  dataset_create_time timestamptz NOT NULL DEFAULT now(),
  dataset_modified_time timestamptz NOT NULL DEFAULT now(),
  dataset_type text NOT NULL DEFAULT 'owned' CHECK (dataset_type IN ('owned', 'foreign')),
  doi text UNIQUE,
  UNIQUE (user_id, dataset_name)
);
-- GET /datasets?prefix= matches the start of the name case-insensitively.
CREATE INDEX datasets_name_prefix ON datasets (lower(dataset_name) text_pattern_ops);

-- The entries of a dataset (filled by a later release: editing an upload's metadata adds entries).
CREATE TABLE dataset_entries (
  dataset_id text NOT NULL REFERENCES datasets (dataset_id) ON DELETE CASCADE,
  entry_id text NOT NULL REFERENCES entries (entry_id) ON DELETE CASCADE,
  PRIMARY KEY (dataset_id, entry_id)
);
CREATE INDEX dataset_entries_entry ON dataset_entries (entry_id);
