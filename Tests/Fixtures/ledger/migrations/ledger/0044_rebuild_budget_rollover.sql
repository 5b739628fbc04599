CREATE TABLE budget_new (
    id INTEGER PRIMARY KEY,
    category_id INTEGER NOT NULL REFERENCES category (id) ON DELETE CASCADE,
    month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
    limit_minor INTEGER NOT NULL CHECK (limit_minor >= 0),
    rollover INTEGER NOT NULL DEFAULT 0 CHECK (rollover IN (0, 1)),
    UNIQUE (category_id, month)
);
INSERT INTO budget_new (id, category_id, month, limit_minor) SELECT id, category_id, month, limit_minor FROM budget;
DROP TABLE budget;
ALTER TABLE budget_new RENAME TO budget;
