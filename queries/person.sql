-- Person list (Japanese tutorial): insert with sqlite3_bind_int and sqlite3_bind_text, delete all, and the
-- per-row delete (the tutorial's `DELETE FROM location WHERE id=%d` named the wrong table).
INSERT INTO person VALUES(?,?);
DELETE FROM person;
DELETE FROM person WHERE id=?;
SELECT id, name FROM person;
