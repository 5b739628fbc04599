CREATE TABLE priorities (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    rank INTEGER NOT NULL
);

INSERT INTO priorities (id, name, rank) VALUES (1, 'low', 1), (2, 'normal', 2), (3, 'high', 3);
