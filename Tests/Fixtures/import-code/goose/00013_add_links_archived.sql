-- +goose Up
ALTER TABLE links ADD COLUMN archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1));

-- +goose Down
ALTER TABLE links DROP COLUMN archived;
