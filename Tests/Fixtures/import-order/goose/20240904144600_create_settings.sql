-- +goose Up
CREATE TABLE settings (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT
) WITHOUT ROWID;

-- +goose Down
DROP TABLE settings;
