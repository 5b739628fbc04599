CREATE INDEX idx_comments_task ON comments (task_id, created_at);
