ALTER TABLE posts ADD COLUMN published_at TEXT;
