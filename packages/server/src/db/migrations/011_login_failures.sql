-- Failed logins (auth/login-limiter.ts), shared by all nodes: per client address (kind 'address'), per
-- account and address ('pair') and per account ('account'; key 'user:<id>', or 'login:<name>' for a name no
-- account has). The wait after a failure is derived from count and last_failure, so a row needs no other
-- state. Times are the limiter's clock in milliseconds. Rows are deleted once expired, and beyond
-- `login_limits.max_entries` per kind, the least recently failed first.
CREATE TABLE login_failures (
  kind text NOT NULL,
  key text NOT NULL,
  count integer NOT NULL,
  last_failure bigint NOT NULL,
  PRIMARY KEY (kind, key)
);
CREATE INDEX login_failures_last ON login_failures (kind, last_failure);
