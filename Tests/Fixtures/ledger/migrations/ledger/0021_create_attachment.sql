CREATE TABLE attachment (
    id INTEGER PRIMARY KEY,
    entry_id INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    file_name TEXT NOT NULL,
    mime_type TEXT NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'application/pdf')),
    bytes BLOB NOT NULL
);
