-- name: Items :many
SELECT id, name, price FROM item;
-- name: EachItem :each
SELECT id, name, price FROM item;
