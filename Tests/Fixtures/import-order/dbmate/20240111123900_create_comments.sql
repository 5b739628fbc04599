-- migrate:up
CREATE TABLE comments (
    id INTEGER PRIMARY KEY NOT NULL,
    post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    body TEXT NOT NULL
);

-- migrate:down
DROP TABLE comments;
