-- Merged payees point at the payee they were merged into.
ALTER TABLE payee ADD COLUMN merged_into_id INTEGER REFERENCES payee (id) ON DELETE SET NULL;
