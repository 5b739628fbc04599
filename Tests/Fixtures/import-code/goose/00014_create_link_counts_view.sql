-- +goose Up
CREATE VIEW link_counts AS
SELECT users.id AS user_id, count(links.id) AS links, sum(links.archived) AS archived
FROM users LEFT JOIN links ON links.user_id = users.id
GROUP BY users.id;

-- +goose Down
DROP VIEW link_counts;
