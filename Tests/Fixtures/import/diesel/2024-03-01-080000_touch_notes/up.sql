-- Keeps updated_at current; the trigger's own BEGIN ... END is part of the statement.
CREATE TRIGGER notes_touch AFTER UPDATE OF title, body ON notes
BEGIN
    UPDATE notes SET updated_at = CURRENT_TIMESTAMP WHERE id = NEW.id;
END;
