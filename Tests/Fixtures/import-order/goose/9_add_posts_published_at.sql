-- +goose Up
ALTER TABLE posts ADD COLUMN published_at TEXT;

-- +goose Down
ALTER TABLE posts DROP COLUMN published_at;
