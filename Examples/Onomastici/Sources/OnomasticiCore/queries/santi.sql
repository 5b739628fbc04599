-- The app's queries: the kiln plugin generates SantiQueries.swift from them at build time, typed from the schema
-- the migrations build, so a migration that breaks one fails the build at its line here.
-- name: SaintOfDay :one
SELECT santo1 FROM santi WHERE day = ? AND month = ?;
-- name: AddFavorite :exec
INSERT OR REPLACE INTO preferito (day, month, note) VALUES (?, ?, ?);
-- name: Favorites :many
SELECT day || '/' || month || ' ' || coalesce(note, '') AS "favorite: String" FROM preferito ORDER BY month, day;
