-- migrate:up
ALTER TABLE posts ADD COLUMN published_at TEXT;

-- migrate:down
ALTER TABLE posts DROP COLUMN published_at;
