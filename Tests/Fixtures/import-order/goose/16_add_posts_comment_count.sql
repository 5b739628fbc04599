-- +goose Up
ALTER TABLE posts ADD COLUMN comment_count INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE posts DROP COLUMN comment_count;
