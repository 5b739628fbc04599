CREATE TABLE recurring (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    every TEXT NOT NULL CHECK (every IN ('day', 'week', 'month', 'year')),
    next_on TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    template TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(template))
);
