-- migrate:up
ALTER TABLE tags ADD COLUMN color TEXT;

-- migrate:down
ALTER TABLE tags DROP COLUMN color;
