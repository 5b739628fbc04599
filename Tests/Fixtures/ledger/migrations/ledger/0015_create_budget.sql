CREATE TABLE budget (
    id INTEGER PRIMARY KEY,
    category_id INTEGER NOT NULL REFERENCES category (id) ON DELETE CASCADE,
    month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
    limit_minor INTEGER NOT NULL CHECK (limit_minor >= 0),
    UNIQUE (category_id, month)
);
