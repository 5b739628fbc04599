-- Rules assign categories to imported entries by matching the payee name.
CREATE TABLE rule (
    id INTEGER PRIMARY KEY,
    pattern TEXT NOT NULL,
    match_kind TEXT NOT NULL DEFAULT 'contains' CHECK (match_kind IN ('contains', 'prefix', 'exact', 'regex')),
    category_id INTEGER NOT NULL REFERENCES category (id) ON DELETE CASCADE,
    priority INTEGER NOT NULL DEFAULT 100
);
