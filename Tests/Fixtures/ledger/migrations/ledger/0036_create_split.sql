-- An entry may be split across categories.
CREATE TABLE split (
    id INTEGER PRIMARY KEY,
    entry_id INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
    category_id INTEGER NOT NULL REFERENCES category (id),
    amount_minor INTEGER NOT NULL
);
CREATE INDEX split_entry ON split (entry_id);
