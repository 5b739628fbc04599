-- migrate:up
ALTER TABLE comments ADD COLUMN user_id INTEGER REFERENCES users (id);

-- migrate:down
ALTER TABLE comments DROP COLUMN user_id;
