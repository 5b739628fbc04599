CREATE INDEX split_category ON split (category_id);
