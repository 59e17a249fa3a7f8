-- User groups (NOMAD's UserGroup): an upload's coauthor_groups and reviewer_groups name them, and their
-- owner and members get the role. Uploads keep the ids of deleted groups (no foreign key there).
CREATE TABLE user_groups (
  group_id text PRIMARY KEY,
  group_name text NOT NULL,
  owner text NOT NULL REFERENCES users (user_id),
  members text[] NOT NULL DEFAULT '{}',
  created timestamptz NOT NULL DEFAULT now()
);
-- Every authenticated request looks up the groups its user owns or is a member of.
CREATE INDEX user_groups_owner ON user_groups (owner);
CREATE INDEX user_groups_members ON user_groups USING gin (members);

-- Invitations by mail: a single-use token (stored as its SHA-256 only) with which an invited user chooses
-- a password on the embedded identity provider's page. Rows are kept a while after use or expiry: they
-- count towards the inviter's daily limit.
CREATE TABLE user_invitations (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  invited_by text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false
);
CREATE INDEX user_invitations_user ON user_invitations (user_id);
CREATE INDEX user_invitations_inviter ON user_invitations (invited_by, created);
