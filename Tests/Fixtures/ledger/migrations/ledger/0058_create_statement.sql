CREATE TABLE statement (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    period_start TEXT NOT NULL,
    period_end TEXT NOT NULL,
    closing_minor INTEGER NOT NULL,
    CHECK (period_end >= period_start),
    UNIQUE (account_id, period_end)
);
