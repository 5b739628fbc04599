-- Person list (Japanese tutorial): insert with sqlite3_bind_int and sqlite3_bind_text, delete all, and the
-- per-row delete (the tutorial's `DELETE FROM location WHERE id=%d` named the wrong table).
-- name: AddPerson :exec
INSERT INTO person VALUES(?,?);
-- name: DeleteAllPeople :exec
DELETE FROM person;
-- name: DeletePerson :exec
DELETE FROM person WHERE id=?;
-- name: People :many
SELECT id, name FROM person;
