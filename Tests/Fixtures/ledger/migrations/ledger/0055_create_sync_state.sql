CREATE TABLE sync_state (
    table_name TEXT NOT NULL CHECK (table_name IN ('account', 'category', 'entry', 'payee', 'tag')),
    row_id INTEGER NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (table_name, row_id)
) WITHOUT ROWID;
