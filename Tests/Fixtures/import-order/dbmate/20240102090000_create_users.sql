-- migrate:up
CREATE TABLE users (
    id INTEGER PRIMARY KEY NOT NULL,
    email TEXT NOT NULL UNIQUE
);

-- migrate:down
DROP TABLE users;
