CREATE TRIGGER entry_void_uncleared AFTER UPDATE OF status ON entry WHEN NEW.status = 'void'
BEGIN
    UPDATE entry SET cleared = 0 WHERE id = NEW.id;
END;
