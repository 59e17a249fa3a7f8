-- Users: local accounts of the embedded identity provider, and users first seen in tokens of an external one.
CREATE TABLE users (
  user_id text PRIMARY KEY,
  username text NOT NULL UNIQUE,
  email text UNIQUE,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  affiliation text,
  affiliation_address text,
  password_hash text,
  is_admin boolean NOT NULL DEFAULT false,
  created timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE uploads (
  upload_id text PRIMARY KEY,
  upload_name text,
  main_author text NOT NULL REFERENCES users (user_id),
  coauthors text[] NOT NULL DEFAULT '{}',
  reviewers text[] NOT NULL DEFAULT '{}',
  coauthor_groups text[] NOT NULL DEFAULT '{}',
  reviewer_groups text[] NOT NULL DEFAULT '{}',
  upload_create_time timestamptz NOT NULL DEFAULT now(),
  published boolean NOT NULL DEFAULT false,
  publish_time timestamptz,
  with_embargo boolean NOT NULL DEFAULT false,
  embargo_length integer NOT NULL DEFAULT 0,
  license text NOT NULL DEFAULT 'CC BY 4.0',
  process_status text NOT NULL DEFAULT 'SUCCESS',
  current_process text,
  last_status_message text,
  errors jsonb NOT NULL DEFAULT '[]',
  warnings jsonb NOT NULL DEFAULT '[]',
  complete_time timestamptz
);
CREATE INDEX uploads_main_author ON uploads (main_author);

-- One row per entry; `metadata` is the search document (entry metadata with results) served by the API.
CREATE TABLE entries (
  entry_id text PRIMARY KEY,
  upload_id text NOT NULL REFERENCES uploads (upload_id) ON DELETE CASCADE,
  mainfile text NOT NULL,
  parser_name text NOT NULL,
  process_status text NOT NULL DEFAULT 'PENDING',
  errors jsonb NOT NULL DEFAULT '[]',
  warnings jsonb NOT NULL DEFAULT '[]',
  entry_create_time timestamptz NOT NULL DEFAULT now(),
  complete_time timestamptz,
  metadata jsonb NOT NULL DEFAULT '{}',
  UNIQUE (upload_id, mainfile)
);
CREATE INDEX entries_upload ON entries (upload_id);
CREATE INDEX entries_elements ON entries USING gin ((metadata -> 'results' -> 'material' -> 'elements'));

-- Durable job queue: a job claimed by a worker that dies stays RUNNING and is reset at the next start.
CREATE TABLE jobs (
  job_id bigserial PRIMARY KEY,
  kind text NOT NULL,
  upload_id text REFERENCES uploads (upload_id) ON DELETE CASCADE,
  payload jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'PENDING',
  attempts integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX jobs_pending ON jobs (job_id) WHERE state = 'PENDING';

-- Embedded OpenID Connect provider state.
CREATE TABLE oidc_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE oidc_codes (
  code_hash text PRIMARY KEY,
  client_id text NOT NULL,
  redirect_uri text NOT NULL,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  scope text NOT NULL,
  nonce text,
  code_challenge text,
  code_challenge_method text,
  session_id text,
  expires_at timestamptz NOT NULL
);
CREATE TABLE oidc_sessions (
  session_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE TABLE oidc_refresh_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  client_id text NOT NULL,
  scope text NOT NULL,
  session_id text,
  expires_at timestamptz NOT NULL,
  revoked boolean NOT NULL DEFAULT false
);
