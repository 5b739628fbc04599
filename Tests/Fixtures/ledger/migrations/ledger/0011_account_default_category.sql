-- Accounts suggest a category for new entries, and categories may belong to one account: a cycle.
ALTER TABLE account ADD COLUMN default_category_id INTEGER REFERENCES category (id) ON DELETE SET NULL;
ALTER TABLE category ADD COLUMN account_id INTEGER REFERENCES account (id) ON DELETE CASCADE;
