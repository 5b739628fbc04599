-- migrate:up
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read = 0;

-- migrate:down
DROP INDEX notifications_unread;
