-- Written to be rerun by hand on staging.
DROP TABLE IF EXISTS import_jobs;

CREATE TABLE import_jobs (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    source TEXT NOT NULL CHECK (source IN ('csv', 'trello', 'jira')),
    state TEXT NOT NULL DEFAULT 'queued',
    created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
