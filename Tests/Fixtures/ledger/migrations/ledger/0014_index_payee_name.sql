CREATE INDEX entry_payee ON entry (payee_id);
