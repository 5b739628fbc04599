ALTER TABLE account ADD COLUMN cached_balance_minor INTEGER;
UPDATE account SET cached_balance_minor = (SELECT coalesce(sum(amount_minor), 0) FROM entry WHERE entry.account_id = account.id AND entry.status = 'posted');
