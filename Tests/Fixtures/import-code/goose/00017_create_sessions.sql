-- +goose Up
CREATE TABLE sessions (
    token TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at DATETIME NOT NULL
) WITHOUT ROWID;

-- +goose Down
DROP TABLE sessions;
