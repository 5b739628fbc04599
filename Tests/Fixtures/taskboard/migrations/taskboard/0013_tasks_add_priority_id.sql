-- the app checks priority_id against priorities
ALTER TABLE tasks ADD COLUMN priority_id INTEGER NOT NULL DEFAULT 2;
