-- Estimates in whole minutes; hours were rounded badly in the UI.
ALTER TABLE tasks ADD COLUMN estimate_minutes INTEGER;
UPDATE tasks SET estimate_minutes = CAST(round(estimate_hours * 60) AS INTEGER) WHERE estimate_hours IS NOT NULL;
ALTER TABLE tasks DROP COLUMN estimate_hours;
