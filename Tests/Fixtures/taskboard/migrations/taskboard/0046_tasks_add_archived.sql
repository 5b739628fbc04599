-- Replaces the 'archived' pseudo-label some teams used.
ALTER TABLE tasks ADD COLUMN archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1));
CREATE INDEX idx_tasks_archived ON tasks (project_id) WHERE archived = 1;
