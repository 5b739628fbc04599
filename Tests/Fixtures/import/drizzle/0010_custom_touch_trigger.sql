-- Custom SQL migration file, put your code below! --
CREATE TRIGGER notes_touch AFTER UPDATE OF title, body ON notes
BEGIN
    UPDATE notes SET updated_at = CURRENT_TIMESTAMP WHERE id = NEW.id;
END;
