ALTER TABLE entry ADD COLUMN metadata TEXT CHECK (metadata IS NULL OR json_valid(metadata));
