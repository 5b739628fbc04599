CREATE TRIGGER entry_balance_insert AFTER INSERT ON entry WHEN NEW.status = 'posted'
BEGIN
    UPDATE account SET cached_balance_minor = coalesce(cached_balance_minor, 0) + NEW.amount_minor
    WHERE id = NEW.account_id;
END;
