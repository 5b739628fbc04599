-- +goose Up
-- +goose StatementBegin
CREATE TRIGGER comments_count AFTER INSERT ON comments
BEGIN
    UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER comments_count;
