-- The installations a published upload was sent to ('Publish to central NOMAD'), by their API URL.
ALTER TABLE uploads ADD COLUMN published_to text[] NOT NULL DEFAULT '{}';
