-- +goose Up
CREATE TABLE comments (
    id INTEGER PRIMARY KEY NOT NULL,
    post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    body TEXT NOT NULL
);

-- +goose Down
DROP TABLE comments;
