ALTER TABLE currency ADD COLUMN fraction_name TEXT;
