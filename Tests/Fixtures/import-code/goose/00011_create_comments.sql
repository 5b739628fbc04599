-- +goose Up
CREATE TABLE comments (
    id INTEGER PRIMARY KEY,
    link_id INTEGER NOT NULL REFERENCES links (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id),
    body TEXT NOT NULL,
    created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at DATETIME
);
CREATE INDEX comments_link ON comments (link_id);

-- +goose Down
DROP TABLE comments;
