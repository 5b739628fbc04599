-- Countries (Turkish tutorial): the list screen reads every row by column index: 0 id, 1 title, 2 code.
SELECT * FROM country;
-- The same list as a typed query for kiln generate.
-- name: Countries :many
SELECT id, title, code FROM country ORDER BY id;
