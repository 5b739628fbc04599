-- migrate:up
BEGIN;
CREATE TABLE users (
    id INTEGER PRIMARY KEY NOT NULL,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE, -- login name
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
COMMIT;


-- migrate:down
DROP TABLE users;

