CREATE TABLE goal (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    target_minor INTEGER NOT NULL CHECK (target_minor > 0),
    due_on TEXT,
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'reached', 'abandoned'))
);
