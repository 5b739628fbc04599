CREATE VIEW account_balance AS
    SELECT account.id AS account_id, account.name, coalesce(sum(entry.amount_minor), 0) AS balance_minor
    FROM account LEFT JOIN entry ON entry.account_id = account.id AND entry.status = 'posted'
    GROUP BY account.id;
