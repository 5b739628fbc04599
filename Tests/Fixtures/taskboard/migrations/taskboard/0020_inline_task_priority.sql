-- Priorities never changed after launch: keep the name on the task and retire the lookup table.
ALTER TABLE tasks ADD COLUMN priority TEXT NOT NULL DEFAULT 'normal';

UPDATE tasks
SET priority = coalesce((SELECT p.name FROM priorities AS p WHERE p.id = tasks.priority_id), 'normal');

DROP TABLE priorities;
ALTER TABLE tasks DROP COLUMN priority_id;
