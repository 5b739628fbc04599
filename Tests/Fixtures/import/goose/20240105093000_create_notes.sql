-- +goose Up
PRAGMA foreign_keys = ON;
CREATE TABLE notes (
    id INTEGER PRIMARY KEY NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX notes_by_user ON notes (user_id, updated_at DESC);

-- +goose Down
DROP INDEX notes_by_user;
DROP TABLE notes;
