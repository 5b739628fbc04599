ALTER TABLE tasks ADD COLUMN estimate_hours REAL;
