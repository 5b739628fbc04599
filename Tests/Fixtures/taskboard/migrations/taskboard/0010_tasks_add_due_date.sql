-- YYYY-MM-DD, the day the task is due
ALTER TABLE tasks ADD COLUMN due_date TEXT;
