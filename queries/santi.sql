-- Onomastici (Italian tutorial): today's saint, day and month bound with sqlite3_bind_int.
-- name: SaintOfDay :one
SELECT santo1 FROM santi where day=? and month=?;
