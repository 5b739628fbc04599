CREATE INDEX entry_uncleared ON entry (account_id) WHERE cleared = 0;
