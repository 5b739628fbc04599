-- task_watchers only ever existed on the internal beta branch; no released build created it.
DROP TABLE IF EXISTS task_watchers;
DROP INDEX IF EXISTS idx_task_watchers_user;
