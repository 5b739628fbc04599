-- +goose Up
-- +goose StatementBegin
CREATE TRIGGER comments_touch AFTER UPDATE OF body ON comments
BEGIN
    UPDATE comments SET updated_at = CURRENT_TIMESTAMP WHERE id = NEW.id;
END;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TRIGGER comments_touch;
-- +goose StatementEnd
