-- +goose Up
ALTER TABLE tags ADD COLUMN color TEXT NOT NULL DEFAULT 'gray';

-- +goose Down
ALTER TABLE tags DROP COLUMN color;
