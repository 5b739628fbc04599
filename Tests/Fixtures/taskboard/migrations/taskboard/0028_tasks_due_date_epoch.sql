-- due_date becomes seconds since 1970 (sorting and reminders); SQLite cannot change a column's type, so
-- add, copy, drop, rename.
ALTER TABLE tasks ADD COLUMN due_date_epoch INTEGER;
UPDATE tasks SET due_date_epoch = CAST(strftime('%s', due_date) AS INTEGER) WHERE due_date IS NOT NULL;
ALTER TABLE tasks DROP COLUMN due_date;
ALTER TABLE tasks RENAME COLUMN due_date_epoch TO due_date;
