-- A generated column the search screen filters on.
ALTER TABLE entry ADD COLUMN search_text TEXT GENERATED ALWAYS AS (lower(coalesce(memo, ''))) VIRTUAL;
