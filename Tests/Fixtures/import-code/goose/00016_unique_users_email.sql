-- +goose Up
CREATE UNIQUE INDEX users_email ON users (email);

-- +goose Down
DROP INDEX users_email;
