-- migrate:up transaction:false
PRAGMA foreign_keys = OFF;

CREATE TABLE new_users (
    id INTEGER PRIMARY KEY NOT NULL,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name TEXT
);
INSERT INTO new_users (id, email, name) SELECT id, email, name FROM users;
DROP TABLE users;
ALTER TABLE new_users RENAME TO users;

PRAGMA foreign_keys = ON;

-- migrate:down
-- irreversible: email keeps NOCASE
