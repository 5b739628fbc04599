-- +goose Up
ALTER TABLE comments ADD COLUMN user_id INTEGER REFERENCES users (id);

-- +goose Down
ALTER TABLE comments DROP COLUMN user_id;
