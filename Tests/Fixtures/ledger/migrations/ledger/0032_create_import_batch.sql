CREATE TABLE import_batch (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL CHECK (source IN ('csv', 'ofx', 'qif', 'manual')),
    imported_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    summary TEXT CHECK (summary IS NULL OR json_valid(summary))
);
ALTER TABLE entry ADD COLUMN import_batch_id INTEGER REFERENCES import_batch (id) ON DELETE SET NULL;
