-- A counter the project list shows, filled once here and kept by the app.
ALTER TABLE projects ADD COLUMN open_task_count INTEGER NOT NULL DEFAULT 0;

CREATE TEMP TABLE open_counts AS
SELECT project_id, count(*) AS n FROM tasks WHERE status <> 'done' GROUP BY project_id;

UPDATE projects
SET open_task_count = coalesce((SELECT n FROM open_counts WHERE open_counts.project_id = projects.id), 0);

DROP TABLE open_counts;
