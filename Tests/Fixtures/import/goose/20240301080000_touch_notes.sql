-- +goose Up
-- +goose StatementBegin
CREATE TRIGGER notes_touch AFTER UPDATE OF title, body ON notes
BEGIN
    UPDATE notes SET updated_at = CURRENT_TIMESTAMP WHERE id = NEW.id;
END;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TRIGGER notes_touch;
-- +goose StatementEnd
