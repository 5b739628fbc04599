ALTER TABLE comments DROP COLUMN user_id;
