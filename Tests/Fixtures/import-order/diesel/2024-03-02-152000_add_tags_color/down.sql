-- This file should undo anything in `up.sql`
ALTER TABLE tags DROP COLUMN color;
