ALTER TABLE entry ADD COLUMN updated_at TEXT;
CREATE TRIGGER entry_touch AFTER UPDATE OF amount_minor, memo, category_id ON entry
BEGIN
    UPDATE entry SET updated_at = strftime('%Y-%m-%dT%H:%M:%S', 'now') WHERE id = NEW.id;
END;
