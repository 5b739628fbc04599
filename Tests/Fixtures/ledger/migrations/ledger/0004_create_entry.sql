CREATE TABLE entry (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    category_id INTEGER REFERENCES category (id) ON DELETE SET NULL,
    amount_minor INTEGER NOT NULL,
    booked_on TEXT NOT NULL,
    memo TEXT
);
CREATE INDEX entry_account ON entry (account_id);
