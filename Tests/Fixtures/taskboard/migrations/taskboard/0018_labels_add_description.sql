ALTER TABLE labels ADD COLUMN description TEXT;
