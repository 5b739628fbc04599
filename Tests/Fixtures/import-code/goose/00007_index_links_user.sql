-- +goose Up
CREATE INDEX links_user ON links (user_id, created_at);

-- +goose Down
DROP INDEX links_user;
