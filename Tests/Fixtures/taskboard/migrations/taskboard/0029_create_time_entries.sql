CREATE TABLE time_entries (
    id INTEGER PRIMARY KEY,
    task_id INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id),
    started_at DATETIME NOT NULL,
    minutes INTEGER NOT NULL CHECK (minutes >= 0)
);
