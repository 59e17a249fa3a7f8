-- Several server processes ("nodes") on one database.

-- Processing jobs are held with a lease the running node renews (jobs/queue.ts); a job whose lease ran out
-- belongs to a node that died and is taken over by another.
ALTER TABLE jobs ADD COLUMN lease_owner text, ADD COLUMN lease_expires_at timestamptz;
CREATE INDEX jobs_running ON jobs (lease_expires_at) WHERE state = 'RUNNING';

-- Work done once per installation (embargo ends, search index snapshots) is done by the node holding the
-- named lease (services/node-lease.ts).
CREATE TABLE node_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Signing keys retire: a rotated-out key stops signing at once and leaves the key set at `retire_at`, when
-- the last token it signed has expired.
ALTER TABLE oidc_keys ADD COLUMN retire_at timestamptz;

-- A transaction gets its id before it takes a change number, so that a sync which reads the sequence and
-- then the list of running transactions knows every transaction that may still commit a number it has
-- passed (search/engine/sync.ts). A column default runs before any row is written, when the transaction
-- may have no id yet: defaults take their number through the same function.
CREATE FUNCTION search_next_change() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_current_xact_id();
  RETURN nextval('search_change_seq');
END $$;

CREATE OR REPLACE FUNCTION search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_seq := search_next_change();
  RETURN NEW;
END $$;

ALTER TABLE entries ALTER COLUMN search_seq SET DEFAULT search_next_change();
ALTER TABLE uploads ALTER COLUMN search_seq SET DEFAULT search_next_change();
ALTER TABLE search_deletions ALTER COLUMN search_seq SET DEFAULT search_next_change();
