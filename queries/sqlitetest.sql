-- SQLiteTest (German tutorial, FMDB): read all rows sorted, insert one.
-- name: Fields :many
SELECT * FROM test ORDER BY field;
-- name: AddField :exec
insert into test (field) values (?);
