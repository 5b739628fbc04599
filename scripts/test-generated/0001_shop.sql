CREATE TABLE country (id INTEGER PRIMARY KEY, title TEXT NOT NULL, code TEXT, region TEXT NOT NULL);
CREATE TABLE city (
    id INTEGER PRIMARY KEY,
    country_id INTEGER NOT NULL REFERENCES country (id),
    name TEXT NOT NULL,
    founded TEXT
);
CREATE TABLE reading (n INT NOT NULL, value ANY, weight REAL NOT NULL, data BLOB) STRICT;
