-- +goose Up
-- Reserved: the change planned here shipped in the next migration instead.

-- +goose Down
-- nothing to undo
