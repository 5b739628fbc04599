DROP TRIGGER notes_touch;
