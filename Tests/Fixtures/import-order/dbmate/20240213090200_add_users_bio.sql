-- migrate:up
ALTER TABLE users ADD COLUMN bio TEXT NOT NULL DEFAULT '';

-- migrate:down
ALTER TABLE users DROP COLUMN bio;
