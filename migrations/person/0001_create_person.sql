-- Person list (Japanese tutorial): INSERT INTO person VALUES(?,?) and rows read as
-- sqlite3_column_int(0), sqlite3_column_text(1): exactly two columns, in this order.
CREATE TABLE person (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
);
