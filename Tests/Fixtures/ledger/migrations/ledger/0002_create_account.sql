CREATE TABLE account (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    currency_code TEXT NOT NULL REFERENCES currency (code),
    kind TEXT NOT NULL CHECK (kind IN ('checking', 'savings', 'credit', 'cash')),
    opened_on TEXT NOT NULL DEFAULT (date('now'))
);
