-- Search index snapshots (search/engine/snapshot-*.ts): a row per snapshot file written, with a random
-- token the file carries. A file is used at start only when this database still holds its token: a file
-- from another database, or a database restored from a backup taken before the file was written, lacks it.
-- The change sequence alone cannot tell: a restored database that took new changes since is past the
-- snapshot's number again, with other contents.
CREATE TABLE search_snapshots (
  token text PRIMARY KEY,
  change bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
