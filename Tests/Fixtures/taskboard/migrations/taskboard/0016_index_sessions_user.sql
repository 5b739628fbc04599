CREATE INDEX idx_sessions_user ON sessions (user_id);
