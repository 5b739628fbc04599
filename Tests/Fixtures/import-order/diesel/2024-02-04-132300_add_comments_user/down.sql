-- This file should undo anything in `up.sql`
ALTER TABLE comments DROP COLUMN user_id;
