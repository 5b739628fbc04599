-- SQLite cannot change a column's type in place: rebuild the table (the 12-step procedure).
CREATE TABLE account_new (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    currency_code TEXT NOT NULL REFERENCES currency (code),
    kind TEXT NOT NULL CHECK (kind IN ('checking', 'savings', 'credit', 'cash')),
    opened_on TEXT NOT NULL DEFAULT (date('now')),
    archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
    default_category_id INTEGER REFERENCES category (id) ON DELETE SET NULL,
    sort_order INTEGER NOT NULL DEFAULT 0
);
INSERT INTO account_new (id, name, currency_code, kind, opened_on, archived, default_category_id)
    SELECT id, name, currency_code, kind, opened_on, archived, default_category_id FROM account;
DROP TABLE account;
ALTER TABLE account_new RENAME TO account;
CREATE INDEX account_currency ON account (currency_code);
