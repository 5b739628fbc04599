CREATE TABLE reminder (
    id INTEGER PRIMARY KEY,
    recurring_id INTEGER NOT NULL REFERENCES recurring (id) ON DELETE CASCADE,
    days_before INTEGER NOT NULL DEFAULT 1 CHECK (days_before BETWEEN 0 AND 30)
);
