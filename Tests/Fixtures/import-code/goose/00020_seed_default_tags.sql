-- +goose Up
-- +goose StatementBegin
INSERT INTO tags (name, color) VALUES
    ('read-later', 'blue'),
    ('favorite', 'yellow');
-- +goose StatementEnd

-- +goose Down
DELETE FROM tags WHERE name IN ('read-later', 'favorite');
