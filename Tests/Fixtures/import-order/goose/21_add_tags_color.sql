-- +goose Up
ALTER TABLE tags ADD COLUMN color TEXT;

-- +goose Down
ALTER TABLE tags DROP COLUMN color;
