-- migrate:up
CREATE TABLE settings (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT
) WITHOUT ROWID;

-- migrate:down
DROP TABLE settings;
