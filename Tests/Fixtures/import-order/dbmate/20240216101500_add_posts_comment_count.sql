-- migrate:up
ALTER TABLE posts ADD COLUMN comment_count INTEGER NOT NULL DEFAULT 0;

-- migrate:down
ALTER TABLE posts DROP COLUMN comment_count;
