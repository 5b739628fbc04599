-- +goose Up
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read = 0;

-- +goose Down
DROP INDEX notifications_unread;
