CREATE TABLE note (
    id INTEGER PRIMARY KEY,
    entry_id INTEGER REFERENCES entry (id) ON DELETE CASCADE,
    account_id INTEGER REFERENCES account (id) ON DELETE CASCADE,
    body TEXT NOT NULL CHECK (length(body) > 0),
    CHECK ((entry_id IS NULL) <> (account_id IS NULL))
);
