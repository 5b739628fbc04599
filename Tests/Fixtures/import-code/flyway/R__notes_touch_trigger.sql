DROP TRIGGER IF EXISTS notes_touch;
CREATE TRIGGER notes_touch AFTER UPDATE OF title, body ON notes
BEGIN
    UPDATE notes SET updated_at = CURRENT_TIMESTAMP WHERE id = NEW.id;
END;
