-- Onomastici (Italian tutorial): SELECT santo1 FROM santi where day=? and month=?, both bound with
-- sqlite3_bind_int, so day and month are INTEGER. One row per calendar day, 29 February included.
CREATE TABLE santi (
    day INTEGER NOT NULL CHECK (day BETWEEN 1 AND 31),
    month INTEGER NOT NULL CHECK (month BETWEEN 1 AND 12),
    santo1 TEXT NOT NULL,
    santo2 TEXT,
    PRIMARY KEY (month, day)
);
