ALTER TABLE payee ADD COLUMN default_category_id INTEGER REFERENCES category (id) ON DELETE SET NULL;
