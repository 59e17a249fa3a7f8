-- App tokens (GET /auth/app_token) by their id, the token's jti: the verifier accepts an app token only
-- while its row exists, so deleting the row revokes the token. Expired rows are pruned when their user
-- creates or lists tokens.
CREATE TABLE app_tokens (
  token_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  created timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX app_tokens_user ON app_tokens (user_id, created);
