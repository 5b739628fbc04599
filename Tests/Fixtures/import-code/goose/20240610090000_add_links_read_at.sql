-- +goose Up
ALTER TABLE links ADD COLUMN read_at DATETIME;

-- +goose Down
ALTER TABLE links DROP COLUMN read_at;
