ALTER TABLE posts DROP COLUMN published_at;
