-- The SQLite FAQ's way to change a table: through a temporary copy.
CREATE TEMPORARY TABLE attachments_backup (id, task_id, file_name, byte_size, created_at);
INSERT INTO attachments_backup SELECT id, task_id, file_name, byte_size, created_at FROM attachments;
DROP TABLE attachments;
CREATE TABLE attachments (
    id INTEGER PRIMARY KEY,
    task_id INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    file_name TEXT NOT NULL,
    content_type TEXT NOT NULL DEFAULT 'application/octet-stream',
    byte_size INTEGER NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO attachments (id, task_id, file_name, byte_size, created_at)
SELECT id, task_id, file_name, byte_size, created_at FROM attachments_backup;
DROP TABLE attachments_backup;
