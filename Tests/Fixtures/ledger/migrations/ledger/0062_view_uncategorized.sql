CREATE VIEW uncategorized_entry AS
    SELECT id, account_id, amount_minor, booked_on FROM entry
    WHERE category_id IS NULL AND status <> 'void'
      AND NOT EXISTS (SELECT 1 FROM split WHERE split.entry_id = entry.id);
