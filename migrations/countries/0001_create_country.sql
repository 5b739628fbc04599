-- The Countries app (Turkish tutorial) reads `SELECT * FROM country` by column index:
-- 0 id (int), 1 title (text), 2 code (text). Keep these three columns first and in this order.
CREATE TABLE country (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    code TEXT NOT NULL
);
