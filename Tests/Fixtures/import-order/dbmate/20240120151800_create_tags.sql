-- migrate:up
CREATE TABLE tags (
    id INTEGER PRIMARY KEY NOT NULL,
    name TEXT NOT NULL UNIQUE
);

-- migrate:down
DROP TABLE tags;
