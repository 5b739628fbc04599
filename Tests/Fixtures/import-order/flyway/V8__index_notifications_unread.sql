CREATE INDEX notifications_unread ON notifications (user_id) WHERE read = 0;
