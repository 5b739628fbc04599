-- +goose Up
CREATE UNIQUE INDEX links_user_slug ON links (user_id, slug);

-- +goose Down
DROP INDEX links_user_slug;
