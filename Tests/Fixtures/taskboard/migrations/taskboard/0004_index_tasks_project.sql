CREATE INDEX idx_tasks_project ON tasks (project_id, status);
