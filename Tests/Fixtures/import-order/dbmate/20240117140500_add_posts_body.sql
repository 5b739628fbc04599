-- migrate:up
ALTER TABLE posts ADD COLUMN body TEXT NOT NULL DEFAULT '';

-- migrate:down
ALTER TABLE posts DROP COLUMN body;
