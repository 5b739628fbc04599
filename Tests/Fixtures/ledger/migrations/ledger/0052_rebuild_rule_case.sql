CREATE TABLE rule_new (
    id INTEGER PRIMARY KEY,
    pattern TEXT NOT NULL,
    match_kind TEXT NOT NULL DEFAULT 'contains' CHECK (match_kind IN ('contains', 'prefix', 'exact', 'regex')),
    category_id INTEGER NOT NULL REFERENCES category (id) ON DELETE CASCADE,
    priority INTEGER NOT NULL DEFAULT 100,
    case_sensitive INTEGER NOT NULL DEFAULT 0 CHECK (case_sensitive IN (0, 1))
);
INSERT INTO rule_new (id, pattern, match_kind, category_id, priority)
    SELECT id, pattern, match_kind, category_id, priority FROM rule;
DROP TABLE rule;
ALTER TABLE rule_new RENAME TO rule;
CREATE INDEX rule_priority ON rule (priority, id);
