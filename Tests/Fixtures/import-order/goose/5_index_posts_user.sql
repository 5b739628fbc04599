-- +goose Up
CREATE INDEX posts_user ON posts (user_id);

-- +goose Down
DROP INDEX posts_user;
