CREATE INDEX idx_notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
