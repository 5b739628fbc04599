-- +goose Up
ALTER TABLE links ADD COLUMN slug TEXT;

-- +goose Down
ALTER TABLE links DROP COLUMN slug;
