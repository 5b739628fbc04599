-- Your SQL goes here
ALTER TABLE tags ADD COLUMN color TEXT;
