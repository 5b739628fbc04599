-- Keep the comments of deleted users: author_id becomes nullable. Rebuilt through a backup table.
CREATE TABLE comments_backup AS SELECT * FROM comments;

DROP TABLE comments;

CREATE TABLE comments (
    id INTEGER PRIMARY KEY,
    task_id INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    author_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    body TEXT NOT NULL,
    created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    edited_at DATETIME
);

INSERT INTO comments (id, task_id, author_id, body, created_at, edited_at)
SELECT id, task_id, author_id, body, created_at, edited_at FROM comments_backup;

DROP TABLE comments_backup;

CREATE INDEX idx_comments_task ON comments (task_id, created_at);
