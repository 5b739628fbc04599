ALTER TABLE entry ADD COLUMN currency_code TEXT REFERENCES currency (code);
