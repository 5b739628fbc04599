-- +goose Up
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- +goose Down
DROP INDEX sessions_expiry;
